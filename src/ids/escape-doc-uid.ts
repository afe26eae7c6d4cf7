import { CairnError } from '../errors.js';

/**
 * Characters of a doc_uid that are percent-encoded in an ID: the ID's own
 * separators (`|`, `=`), the escape character, the alias separator `#`, and
 * anything invisible or line-breaking (controls, spaces, format characters
 * such as bidi overrides), which would make IDs ambiguous to read or break a
 * grep-friendly log line.
 */
const NEEDS_ESCAPE = /[%|=#\p{Cc}\p{Cf}\p{Z}]/u;
const LONE_SURROGATE = /\p{Cs}/u;

export function escapeDocUid(docUid: string): string {
  if (docUid === '') throw malformed('doc_uid is empty', docUid);
  if (LONE_SURROGATE.test(docUid)) {
    throw malformed('doc_uid contains a lone surrogate, which UTF-8 cannot encode', docUid);
  }
  let out = '';
  for (const char of docUid) {
    if (!NEEDS_ESCAPE.test(char)) {
      out += char;
      continue;
    }
    for (const byte of Buffer.from(char, 'utf8')) {
      out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/**
 * The inverse of `escapeDocUid`, strict: only the canonical escape of a
 * character that needs one is accepted, so one doc_uid has exactly one
 * spelling and two different IDs never name the same chunk.
 */
export function unescapeDocUid(escaped: string): string {
  if (escaped === '') throw malformed('doc_uid is empty', escaped);
  if (LONE_SURROGATE.test(escaped)) throw malformed('doc_uid contains a lone surrogate', escaped);
  let out = '';
  let i = 0;
  while (i < escaped.length) {
    const char = String.fromCodePoint(escaped.codePointAt(i)!);
    if (char !== '%') {
      if (NEEDS_ESCAPE.test(char)) {
        throw malformed(`doc_uid has an unescaped ${describe(char)} at offset ${i}`, escaped);
      }
      out += char;
      i += char.length;
      continue;
    }
    const bytes: number[] = [];
    while (escaped[i] === '%') {
      const hex = escaped.slice(i + 1, i + 3);
      if (!/^[0-9A-F]{2}$/.test(hex)) {
        throw malformed(
          `doc_uid has a bad escape "${escaped.slice(i, i + 3)}" at offset ${i} (want % and two upper-case hex digits)`,
          escaped,
        );
      }
      bytes.push(Number.parseInt(hex, 16));
      i += 3;
    }
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
        Uint8Array.from(bytes),
      );
    } catch {
      throw malformed('doc_uid escapes do not decode as UTF-8', escaped);
    }
    for (const part of decoded) {
      if (!NEEDS_ESCAPE.test(part)) {
        throw malformed(
          `doc_uid escapes ${describe(part)}, which must be written as itself`,
          escaped,
        );
      }
    }
    out += decoded;
  }
  return out;
}

function describe(char: string): string {
  const hex = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return /^[\x21-\x7e]$/.test(char) ? `"${char}"` : `U+${hex}`;
}

function malformed(message: string, docUid: string): CairnError {
  return new CairnError('malformed_chunk_id', message, {
    details: { component: 'doc_uid', doc_uid: docUid },
  });
}
