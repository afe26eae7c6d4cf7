/** A UTF-8 byte range `[start_byte, end_byte)` of a canonical text. */
export interface ByteRange {
  start_byte: number;
  end_byte: number;
}

/**
 * One run of a corpus document's text, with the canonical bytes it was read
 * from, so that a document (or a piece of a split one) can name the stored
 * chunks under its words.
 */
export interface TextSegment {
  text: string;
  /** What the text was read from; null when nothing in the canonical text stands for it. */
  range: ByteRange | null;
  /**
   * The UTF-16 index in `text` from which `text` is `range`'s bytes verbatim
   * (past a designator written in front); null when the text was rewritten
   * (a title's spaces collapsed, a quote's `>` dropped): then any part of
   * it stands for the whole range.
   */
  verbatim_from: number | null;
}

/**
 * The canonical byte ranges under `[from16, to16)` of the text that
 * `segments` joined by `separator` make (UTF-16 indices of that text), in
 * segment order. Overlap with a separator, or with a designator written in
 * front of verbatim text, maps to nothing.
 */
export function segmentRanges(
  segments: readonly TextSegment[],
  separator: string,
  from16: number,
  to16: number,
): ByteRange[] {
  const out: ByteRange[] = [];
  let offset = 0;
  for (const segment of segments) {
    const start = offset;
    const end = start + segment.text.length;
    offset = end + separator.length;
    const lo = Math.max(from16, start) - start;
    const hi = Math.min(to16, end) - start;
    if (lo >= hi || segment.range === null) continue;
    const from = segment.verbatim_from;
    if (from === null) {
      out.push(segment.range);
      continue;
    }
    if (hi <= from) continue;
    const verbatim = segment.text.slice(from);
    const a = Math.max(lo, from) - from;
    const b = hi - from;
    out.push({
      start_byte: segment.range.start_byte + Buffer.byteLength(verbatim.slice(0, a), 'utf8'),
      end_byte: segment.range.start_byte + Buffer.byteLength(verbatim.slice(0, b), 'utf8'),
    });
  }
  return out;
}
