/**
 * Byte-wise order of the UTF-8 encodings (what `Buffer.compare`, SQLite's
 * BINARY collation, PostgreSQL's "C" collation and `sort` under LC_ALL=C
 * give), without encoding: it is code point order. JavaScript's `<` compares
 * UTF-16 units, which differs only where an astral character meets one in
 * U+E000..U+FFFF; only a doc_uid can hold either, and the rest of an ID is
 * ASCII, so within one document both orders agree.
 */
export function compareChunkIds(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    // An astral code point is above every BMP one, whatever its first UTF-16 unit says.
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
