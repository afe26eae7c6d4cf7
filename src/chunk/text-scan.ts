import { isHighSurrogate, isLowSurrogate } from '../load/surrogates.js';
/**
 * Character-class scanning on UTF-16 code units, without regular expressions
 * or allocation: the hot loops of every chunker run on these.
 */

/** The same set as JavaScript's `\s`. */
export function isSpaceUnit(unit: number): boolean {
  if (unit <= 32) return unit === 32 || (unit >= 9 && unit <= 13);
  if (unit < 0xa0) return false;
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}

export function isLineBreakUnit(unit: number): boolean {
  return unit === 10 || unit === 13 || unit === 0x2028 || unit === 0x2029;
}

/** First index in [from16, to16) that is not whitespace, or to16. */
export function skipSpace(text: string, from16: number, to16: number): number {
  let i = from16;
  while (i < to16 && isSpaceUnit(text.charCodeAt(i))) i++;
  return i;
}

/** The end of [from16, to16) with trailing whitespace removed (may equal from16). */
export function trimSpaceEnd(text: string, from16: number, to16: number): number {
  let i = to16;
  while (i > from16 && isSpaceUnit(text.charCodeAt(i - 1))) i--;
  return i;
}

/** The index `count` code points after `from16`, capped at `to16`. */
export function advanceCodePoints(
  text: string,
  from16: number,
  count: number,
  to16: number,
): number {
  let i = from16;
  for (let n = 0; n < count && i < to16; n++) {
    i +=
      isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1)) && i + 1 < to16
        ? 2
        : 1;
  }
  return i;
}

/** The index `count` code points before `from16`, not below `floor16`. */
export function retreatCodePoints(
  text: string,
  from16: number,
  count: number,
  floor16: number,
): number {
  let i = from16;
  for (let n = 0; n < count && i > floor16; n++) {
    i -=
      isLowSurrogate(text.charCodeAt(i - 1)) &&
      isHighSurrogate(text.charCodeAt(i - 2)) &&
      i - 1 > floor16
        ? 2
        : 1;
  }
  return i;
}
