/**
 * How many code points the text in `bytes` holds, without decoding it:
 * UTF-16 (by its byte order mark) counts the units that are not the second
 * half of a pair; anything else is read as UTF-8 and counts the bytes that
 * are not continuation bytes. Exact for well-formed text, a BOM not counted.
 */
export function countCodePoints(bytes: Uint8Array): number {
  const n = bytes.length;
  if (
    n >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    const low = bytes[0] === 0xff ? 1 : 0;
    let count = 0;
    for (let i = 2; i + 1 < n; i += 2) {
      const high = bytes[i + low]!;
      if (high < 0xdc || high > 0xdf) count++;
    }
    return count;
  }
  let count = 0;
  for (let i = 0; i < n; i++) if ((bytes[i]! & 0xc0) !== 0x80) count++;
  const bom = n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bom ? count - 1 : count;
}
