/** A span of a text in UTF-16 units, half-open. */
export interface Span16 {
  start16: number;
  end16: number;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The text's sentences, each trimmed of the white space around it; empty
 * ones are dropped. Unicode sentence segmentation also ends a sentence at
 * a line break, so list items and headings come out one to a line.
 */
export function sentenceSpans(text: string): Span16[] {
  const spans: Span16[] = [];
  for (const s of sentenceSegmenter.segment(text)) {
    let start16 = s.index;
    let end16 = s.index + s.segment.length;
    while (start16 < end16 && /\s/u.test(text[start16]!)) start16++;
    while (end16 > start16 && /\s/u.test(text[end16 - 1]!)) end16--;
    if (end16 > start16) spans.push({ start16, end16 });
  }
  return spans;
}
