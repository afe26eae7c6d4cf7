import { TextDecoder } from 'node:util';
import { CairnError, isCairnError } from '../../errors.js';
import { decodeText } from '../../load/decode-text.js';

export interface DecodedHtml {
  text: string;
  /** The WHATWG name of the encoding the bytes were decoded from. */
  encoding: string;
}

/** `<meta charset=x>`, `<meta http-equiv=content-type content="...; charset=x">`, `<?xml encoding="x"?>`. */
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^\s"'/;>]+)/i;
const XML_ENCODING = /^<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']+)["']/;

/** The HTML standard scans this many bytes for a declared encoding. */
const PRESCAN_BYTES = 1024;

/**
 * Decodes HTML bytes. Policy, in order:
 * 1. A byte order mark wins (as in the HTML standard): UTF-8, or UTF-16 LE/BE.
 * 2. Bytes that are valid UTF-8 are decoded as UTF-8, whatever the page
 *    declares: saved pages are often re-encoded to UTF-8 with their old
 *    `<meta charset>` left in place (the corpus has a page declaring gb2312
 *    that is UTF-8), while legacy text with non-ASCII bytes is almost never
 *    valid UTF-8 by accident.
 * 3. Otherwise, a charset declared in the first 1024 bytes that the WHATWG
 *    Encoding Standard names (windows-1252, iso-8859-x, shift_jis, gbk, big5,
 *    euc-kr, koi8-r, ...) decodes the bytes, strictly: bytes invalid in that
 *    encoding give `invalid_encoding`. A label it does not know, or one that
 *    Node cannot decode (`replacement`, `x-user-defined`), gives
 *    `unsupported_encoding`.
 * 4. With no declaration (or a UTF-8 or UTF-16 one, which the standard reads
 *    as UTF-8 once there is no BOM), the bytes are refused as `invalid_utf8`
 *    with the offset of the first bad byte: never a silent U+FFFD.
 */
export function decodeHtml(bytes: Uint8Array, source: string): DecodedHtml {
  let utf8Error: CairnError;
  try {
    const decoded = decodeText(bytes, source);
    return { text: decoded.text, encoding: decoded.encoding };
  } catch (error) {
    if (!isCairnError(error, 'invalid_utf8') || hasBom(bytes)) throw error;
    utf8Error = error;
  }
  const label = declaredCharset(bytes);
  if (label === null) throw utf8Error;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch (cause) {
    throw new CairnError(
      'unsupported_encoding',
      `${source} declares charset "${label}", which cannot be decoded`,
      {
        cause,
        details: { source, encoding: label },
      },
    );
  }
  if (decoder.encoding === 'utf-8' || decoder.encoding.startsWith('utf-16')) throw utf8Error;
  try {
    const text = decoder.decode(bytes);
    return {
      text: decoder.encoding === 'windows-1252' ? fixWindows1252(text) : text,
      encoding: decoder.encoding,
    };
  } catch (cause) {
    throw new CairnError(
      'invalid_encoding',
      `${source} is not valid ${decoder.encoding}, the charset it declares`,
      {
        cause,
        details: { source, encoding: decoder.encoding },
      },
    );
  }
}

/** The charset label the page declares in its first 1024 bytes, or null. */
export function declaredCharset(bytes: Uint8Array): string | null {
  // latin1 maps each byte to one character: ASCII markup reads the same in any
  // ASCII-compatible encoding, and no byte sequence can fail
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, PRESCAN_BYTES),
  ).toString('latin1');
  const match = META_CHARSET.exec(head) ?? XML_ENCODING.exec(head);
  return match ? match[1]!.trim().toLowerCase() : null;
}

function hasBom(bytes: Uint8Array): boolean {
  return (
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff)
  );
}

/** WHATWG index-windows-1252 for bytes 0x80-0x9F (the rest of the encoding is Latin-1). */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const C1 = /[\u0080-\u009f]/g;

/**
 * Node 20.18.3+ decodes windows-1252 (and so `latin1`, `iso-8859-1`, `ascii`)
 * as plain Latin-1, turning 0x80-0x9F into C1 controls instead of `€`, `’`, ...
 * (nodejs/node#60888). Mapping them after the fact is right on every version:
 * a fixed decoder leaves only the five bytes that map to themselves.
 */
function fixWindows1252(text: string): string {
  return text.replace(C1, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!);
}
