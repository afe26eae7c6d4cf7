import { segmentInWindows } from './segment-in-windows.js';

/** A span of a text in UTF-16 units, half-open. */
export interface Span16 {
  start16: number;
  end16: number;
}

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * A line break inside a paragraph, where Markdown and plain text wrap
 * long lines: not after a full stop or a colon ("Here is what it says:"),
 * not followed by a blank line, a list marker, a heading, a
 * quote, a table row or a designator such as "(b)".
 */
const SOFT_BREAK = /(?<![.:!?]\s*)\n(?![ \t]*(?:\n|[-*+#>|]|\d+[.)]\s|\([\p{L}\p{N}]{1,5}\)))/gu;

/** A sentence that ends in an abbreviation, or in an initial: not the end of one. */
const ABBREVIATION =
  /(?:^|[\s(])(?:U\.S|U\.K|U\.N|E\.U|e\.g|i\.e|etc|No|Nos|Mr|Mrs|Ms|Dr|St|vs|cf|Inc|Corp|Co|Ltd|Jr|Sr|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|\p{Lu})\.$/u;

/** The text with each soft break a space: one unit for one, so indices stay the text's. */
export const softenBreaks = (text: string): string => text.replace(SOFT_BREAK, ' ');

/**
 * The text's sentences, each trimmed of the white space around it; empty
 * ones are dropped. Unicode sentence segmentation ends a sentence at every
 * line break; here only breaks between paragraphs, list items, headings
 * and designated paragraphs end one, and a line wrapped inside a sentence
 * does not.
 */
export function sentenceSpans(text: string): Span16[] {
  const hit = remembered.get(text);
  if (hit !== undefined) return hit;
  const spans: Span16[] = [];
  for (const s of segmentInWindows(sentenceSegmenter, softenBreaks(text))) {
    let start16 = s.index;
    let end16 = s.index + s.segment.length;
    while (start16 < end16 && /\s/u.test(text[start16]!)) start16++;
    while (end16 > start16 && /\s/u.test(text[end16 - 1]!)) end16--;
    if (end16 <= start16) continue;
    const last = spans.at(-1);
    // ICU ends a sentence at "U.S." before a capital ("the U.S. Government"): an abbreviation ends none
    if (
      last !== undefined &&
      ABBREVIATION.test(text.slice(last.start16, last.end16)) &&
      !/\n\s*\n/u.test(text.slice(last.end16, start16))
    )
      last.end16 = end16;
    else spans.push({ start16, end16 });
  }
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(text, spans);
  return spans;
}

/** Texts segmented lately: a chunk's sentences serve its passage, its clauses and every claim citing it. */
const remembered = new Map<string, Span16[]>();
const MAX_REMEMBERED = 2_000;

/** Forgets the sentences remembered: a benchmark measures texts never seen. */
export function forgetSentences(): void {
  remembered.clear();
}

/**
 * The text cut at its sentence starts: pieces that join back to the text
 * exactly, each a sentence with the white space after it (the first also
 * with any before it). An empty text is one empty piece.
 */
export function sentencePieces(text: string): string[] {
  const starts = sentenceSpans(text)
    .map((s) => s.start16)
    .filter((start) => start > 0);
  const pieces: string[] = [];
  let at = 0;
  for (const start of starts) {
    pieces.push(text.slice(at, start));
    at = start;
  }
  pieces.push(text.slice(at));
  return pieces;
}
