import { createHash } from 'node:crypto';
import { normalizeRun, withoutRunningLines } from './normalize-text.js';

/** About how long each hashed part is: long enough that per-part costs vanish, short enough to stay out of V8's large-object space. */
const PART_UNITS = 1 << 15;

/**
 * `rev`: sha1 hex of `normalizeText(canonical)`, normalized and hashed a part
 * at a time. The whole normalized text was two or three copies as long as
 * the document (collapse, trim) made only to be hashed, and for a long
 * document each went to V8's large-object space, where it stayed until a
 * full collection.
 *
 * Parts are cut between two ASCII letters or digits, where no step looks
 * across: NFC composes nothing into an ASCII letter, a hyphenated break
 * holds neither, nor does a whitespace run; so the parts' normalized forms
 * joined are the whole's, and only the first and last can have blanks to
 * trim.
 */
export function revisionHash(canonical: string, partUnits = PART_UNITS): string {
  const text = withoutRunningLines(canonical);
  const hash = createHash('sha1');
  for (let from = 0; from < text.length; ) {
    const to = cutAfter(text, from + partUnits);
    let part = normalizeRun(text.slice(from, to));
    if (from === 0) part = part.trimStart();
    if (to === text.length) part = part.trimEnd();
    hash.update(part, 'utf8');
    from = to;
  }
  return hash.digest('hex');
}

/** The first index at or after `at` between two ASCII letters or digits; the text's end if none. */
function cutAfter(text: string, at: number): number {
  for (let i = Math.max(at, 1); i < text.length; i++) {
    if (isAsciiAlphanumeric(text.charCodeAt(i - 1)) && isAsciiAlphanumeric(text.charCodeAt(i)))
      return i;
  }
  return text.length;
}

function isAsciiAlphanumeric(unit: number): boolean {
  return (
    (unit >= 0x30 && unit <= 0x39) ||
    (unit >= 0x41 && unit <= 0x5a) ||
    (unit >= 0x61 && unit <= 0x7a)
  );
}
