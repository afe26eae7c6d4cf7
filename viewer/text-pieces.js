// @ts-check

/**
 * @typedef {import('./api.js').Chunk} Chunk
 * @typedef {{ start16: number, end16: number, cover: number[], furniture: boolean }} Segment
 * @typedef {{ segments: Segment[], elements: HTMLElement[], first: Int32Array, last: Int32Array }} Layout
 */

/**
 * Cuts the text at every chunk boundary, so each segment knows the chunks
 * covering it. Chunk offsets are code points; string indices are UTF-16
 * (an astral character is one code point, two units), converted here in
 * one pass. Overlapping chunks give segments with two or more covers,
 * gaps segments with none. O(text + chunks × covers at a point).
 * @param {string} text
 * @param {Chunk[]} chunks
 * @param {{ start: number, end: number }[]} [furniture] page furniture, in text order
 * @returns {Layout}
 */
export function layOut(text, chunks, furniture = []) {
  const points = new Set([0]);
  for (const chunk of chunks) {
    points.add(chunk.start);
    points.add(chunk.end);
  }
  for (const range of furniture) {
    points.add(range.start);
    points.add(range.end);
  }
  const sorted = [...points].sort((a, b) => a - b);
  // code point offset -> UTF-16 index, for each boundary, in one walk of the text
  const at16 = new Map();
  let cp = 0;
  let i16 = 0;
  for (const point of sorted) {
    while (cp < point && i16 < text.length) {
      const unit = text.charCodeAt(i16);
      const next = text.charCodeAt(i16 + 1);
      i16 += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
      cp++;
    }
    at16.set(point, i16);
  }
  // text after the last chunk is a gap segment of its own
  if (at16.get(sorted[sorted.length - 1]) < text.length) {
    sorted.push(Number.POSITIVE_INFINITY);
    at16.set(Number.POSITIVE_INFINITY, text.length);
  }

  const order = chunks
    .map((_, i) => i)
    .sort((a, b) => chunks[a].start - chunks[b].start || chunks[a].seq - chunks[b].seq);
  const first = new Int32Array(chunks.length).fill(-1);
  const last = new Int32Array(chunks.length).fill(-1);
  /** @type {Segment[]} */
  const segments = [];
  /** @type {number[]} */
  let active = [];
  let next = 0;
  let f = 0;
  for (let k = 0; k + 1 < sorted.length; k++) {
    const from = sorted[k];
    const to = sorted[k + 1];
    active = active.filter((i) => chunks[i].end > from);
    while (next < order.length && chunks[order[next]].start <= from) {
      const i = order[next++];
      if (chunks[i].end > from) active.push(i);
    }
    const start16 = at16.get(from);
    const end16 = at16.get(to);
    if (end16 <= start16) continue;
    // every chunk end is a boundary, so a chunk still open at `from` covers up to `to`
    const cover = [...active];
    cover.sort((a, b) => chunks[a].seq - chunks[b].seq);
    const index = segments.length;
    for (const i of cover) {
      if (first[i] === -1) first[i] = index;
      last[i] = index;
    }
    while (f < furniture.length && furniture[f].end <= from) f++;
    const inFurniture = f < furniture.length && furniture[f].start <= from;
    segments.push({ start16, end16, cover, furniture: inFurniture });
  }
  return { segments, elements: [], first, last };
}
