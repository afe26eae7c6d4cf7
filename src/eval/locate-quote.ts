import { OffsetIndex } from '../load/offset-index.js';

export type QuoteLocation =
  | { status: 'found'; start: number; end: number }
  | { status: 'absent' }
  /** `count` occurrences, overlapping ones included; `starts` are the first two, in code points. */
  | { status: 'not_unique'; count: number; starts: number[] };

/**
 * Where `quote` occurs in `text`, in code points, half-open, when it
 * occurs exactly once. Exact text: no case folding or whitespace collapsing,
 * since the span is what a citation's offsets must cover.
 */
export function locateQuote(text: string, quote: string, index?: OffsetIndex): QuoteLocation {
  const found: number[] = [];
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) found.push(at);
  if (found.length === 0) return { status: 'absent' };
  const offsets = index ?? new OffsetIndex(text);
  if (found.length > 1) {
    return {
      status: 'not_unique',
      count: found.length,
      starts: found.slice(0, 2).map((i16) => offsets.codePointAt16(i16)),
    };
  }
  const start16 = found[0]!;
  return {
    status: 'found',
    start: offsets.codePointAt16(start16),
    end: offsets.codePointAt16(start16 + quote.length),
  };
}
