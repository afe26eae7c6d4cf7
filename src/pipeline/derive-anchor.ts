import { collapseWhitespace } from '../load/collapse-whitespace.js';

/** Longest anchor, in code points. */
const MAX_ANCHOR = 160;
/** Lines looked at: an anchor comes from the chunk's opening, never from deep inside it. */
const MAX_LINES = 40;
const HEAD_CHARS = 8192;
const ATX_HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const SETEXT_UNDERLINE = /^\s{0,3}(=+|-+)\s*$/;
const MARKUP_PREFIX = /^\s*(?:[-*+>]|\d+[.)]|\([0-9a-zA-Z]{1,4}\))\s+/;

/**
 * Seed 000's `anchor`, "the first salient assertion in this chunk": the
 * first sentence of the first line that is not a heading (ATX or Setext),
 * without list or quote markers, whitespace collapsed, cut at 160 code
 * points. Null when the chunk has no such line (a lone heading, a rule).
 */
export function deriveAnchor(text: string): string | null {
  const lines = text.slice(0, HEAD_CHARS).split(/\r\n|[\n\r\u2028\u2029\f]/, MAX_LINES);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (ATX_HEADING.test(line) || SETEXT_UNDERLINE.test(line)) continue;
    if (SETEXT_UNDERLINE.test(lines[i + 1] ?? '') && line.trim() !== '') continue;
    const body = collapseWhitespace(
      line.slice(0, 4 * MAX_ANCHOR).replace(MARKUP_PREFIX, ''),
    ).trim();
    if (!/[\p{L}\p{N}]{2}/u.test(body)) continue;
    const sentence = /^.*?[.!?](?=\s|$)/u.exec(body)?.[0] ?? body;
    const points = Array.from(sentence);
    return points.length <= MAX_ANCHOR ? sentence : `${points.slice(0, MAX_ANCHOR - 1).join('')}…`;
  }
  return null;
}
