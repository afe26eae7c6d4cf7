/** Whether a UTF-16 code unit opens a surrogate pair. */
export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** Whether a UTF-16 code unit closes a surrogate pair. */
export function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Code points in [from16, to16): a pair counts once, a lone surrogate as one. */
export function codePointsBetween(text: string, from16: number, to16: number): number {
  let pairs = 0;
  for (let i = from16 + 1; i < to16; i++) {
    if (isLowSurrogate(text.charCodeAt(i)) && isHighSurrogate(text.charCodeAt(i - 1))) pairs++;
  }
  return to16 - from16 - pairs;
}
