import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { CairnError } from '../errors.js';
import { isHighSurrogate, isLowSurrogate } from './surrogates.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf16le = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });
const utf16be = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true });

export interface DecodedText {
  text: string;
  /** The encoding the bytes were in; the canonical text is always a JS string. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  /** Whether a byte order mark was removed. */
  bom: boolean;
}

/**
 * Decodes a text source. UTF-8 is the rule; a UTF-8 BOM is removed; UTF-16
 * with a BOM is decoded (offsets then refer to the decoded text, as for any
 * canonical layer). Invalid UTF-8 is refused with the byte offset of the first
 * bad sequence: a silent U+FFFD would make citations point at text the source
 * never had.
 */
export function decodeText(bytes: Uint8Array, source = '<input>'): DecodedText {
  // FF FE 00 00 opens UTF-32LE: read as UTF-16LE it decodes "fine" into text with a NUL
  // between every character, so Markdown lost its headings and JSON failed on a blank token
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xfe && !bytes[2] && !bytes[3]) {
    throw new CairnError(
      'unsupported_encoding',
      `${source} is UTF-32 text; save it as UTF-8 (or UTF-16) to read it`,
      { details: { source, encoding: 'utf-32le' } },
    );
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    const text = decodeWith(utf16le, bytes.subarray(2), source, 'UTF-16LE');
    refuseNul(text.indexOf('\0'), source, (at) => 2 + 2 * at);
    return { text, encoding: 'utf-16le', bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const text = decodeWith(utf16be, bytes.subarray(2), source, 'UTF-16BE');
    refuseNul(text.indexOf('\0'), source, (at) => 2 + 2 * at);
    return { text, encoding: 'utf-16be', bom: true };
  }
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  if (!isUtf8(body)) {
    const offset = firstInvalidUtf8(body) + (bom ? 3 : 0);
    throw new CairnError('invalid_utf8', `Invalid UTF-8 at byte ${offset} of ${source}`, {
      details: { source, byte_offset: offset },
    });
  }
  refuseNul(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0),
    source,
    (at) => at,
  );
  return { text: utf8.decode(body), encoding: 'utf-8', bom };
}

/**
 * A NUL in a source's text, anywhere in it and in any encoding, is
 * `binary_input`: no text format carries one, PostgreSQL cannot store one,
 * and SQLite would. Checked on every text source before anything is hashed,
 * so both stores see the same documents.
 */
function refuseNul(at: number, source: string, byteOffset: (at: number) => number): void {
  if (at < 0) return;
  const offset = byteOffset(at);
  throw new CairnError(
    'binary_input',
    `${source} has a NUL character at byte ${offset}: binary data, not text`,
    { details: { source, detected: 'nul', byte_offset: offset } },
  );
}

/**
 * UTF-16 that does not decode (a byte short at the end, a surrogate without
 * its pair) is `invalid_encoding`, as HTML in a declared legacy charset is,
 * with the byte offset (BOM included) of the first bad unit: not
 * `invalid_utf8`, a code that names an encoding these bytes are not in.
 */
function decodeWith(
  decoder: TextDecoder,
  bytes: Uint8Array,
  source: string,
  name: 'UTF-16LE' | 'UTF-16BE',
): string {
  try {
    return decoder.decode(bytes);
  } catch (cause) {
    const offset = firstInvalidUtf16(bytes, name === 'UTF-16LE') + 2;
    throw new CairnError('invalid_encoding', `Invalid ${name} at byte ${offset} of ${source}`, {
      cause,
      details: { source, encoding: name.toLowerCase(), byte_offset: offset },
    });
  }
}

/** Byte offset of the first unit that is a lone surrogate, or of a final odd byte; -1 if none. */
function firstInvalidUtf16(bytes: Uint8Array, littleEndian: boolean): number {
  const unitAt = (i: number): number =>
    littleEndian ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!;
  let i = 0;
  for (; i + 1 < bytes.length; i += 2) {
    const unit = unitAt(i);
    if (isLowSurrogate(unit)) return i;
    if (isHighSurrogate(unit)) {
      const next = i + 3 < bytes.length ? unitAt(i + 2) : -1;
      if (!isLowSurrogate(next)) return i;
      i += 2;
    }
  }
  return i < bytes.length ? i : -1;
}

/**
 * Byte offset of the first ill-formed sequence (Unicode Table 3-7). Only
 * called after `isUtf8` said no, to say where.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      const min = k === 1 ? lo : 0x80;
      const max = k === 1 ? hi : 0xbf;
      if (c === undefined || c < min || c > max) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** Sniffs bytes that are certainly not text: NUL bytes, or the magic of a known binary container. */
export function binaryKind(bytes: Uint8Array): string | null {
  const head = bytes.subarray(0, 8);
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) return 'zip';
  if (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46) return 'pdf';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  // UTF-16 text has NULs too, but only when it starts with a BOM, which decodeText handles
  const utf16Bom = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16Bom && bytes.subarray(0, 8192).includes(0)) return 'binary';
  return null;
}
