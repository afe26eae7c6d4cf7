import { advanceCodePoints } from '../chunk/text-scan.js';
import { collapseWhitespace } from '../load/collapse-whitespace.js';
import { codePointsBetween } from '../load/surrogates.js';

/** Longest anchor, in code points. */
const MAX_ANCHOR = 160;
/** Lines looked at: an anchor comes from the chunk's opening, never from deep inside it. */
const MAX_LINES = 40;
const HEAD_CHARS = 8192;
const ATX_HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const SETEXT_UNDERLINE = /^\s{0,3}(=+|-+)\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/**
 * What opens a line without being said by it, any number of times in a row:
 * list and quote markers (`-`, `*`, `+`, `>`, `1.`, `1)`), designators in
 * parentheses (`(a)`, `(1)`, `(iv)`, `(A)`, run together as in `(a)(1)`),
 * section signs with their number (`§ 746.1`, `§§ 742.2`).
 */
const MARKUP_PREFIX =
  /^\s*(?:(?:[-*+>]|\d{1,3}[.)])\s+|\((?:\d{1,3}|[a-zA-Z]|[ivxlc]{1,6}|[IVXLC]{1,6})\)\s*|§+\s*[0-9][0-9A-Za-z.-]*\s*)/u;
/** A line that is a code-ish statement rather than prose: no letter run of two. */
const SALIENT = /[\p{L}\p{N}]{2}/u;
/**
 * A sentence ends at `.`, `!` or `?` before whitespace and a capital, a digit, an
 * opening quote or bracket, or the end of the line; a single letter before the
 * dot (`U.S.`, `e.g.`) is an abbreviation, not an end.
 */
const SENTENCE_END = /(?<![\s.(][A-Za-z])[.!?]['")\]]*(?=\s+[\p{Lu}\p{N}"'(“‘[]|\s*$)/u;

/**
 * Seed 000's `anchor`, "the first salient assertion in this chunk". The rule,
 * fixed so the same text always gives the same anchor:
 * 1. Look at the chunk's first 40 lines (of its first 8192 characters).
 * 2. Skip headings (ATX `#` lines, Setext titles and their underlines) and
 *    fenced code (from a ``` or ~~~ fence to its closing fence, or the end).
 * 3. Strip what opens a line without asserting anything, repeatedly: list and
 *    quote markers, parenthesized designators (`(a)(1)`), `§ 746.1`.
 * 4. Skip what is left when it has no run of two letters or digits (a rule,
 *    a lone marker, punctuation).
 * 5. Collapse whitespace and take the first sentence (`SENTENCE_END`); a
 *    first sentence of one word or two that the line goes on past (an eCFR
 *    paragraph heading like `*Scope*.`) gives way to the next one.
 * 6. Cut at 160 code points (the last one `…`). Null when no line qualifies.
 */
export function deriveAnchor(text: string): string | null {
  const lines = text.slice(0, HEAD_CHARS).split(/\r\n|[\n\r\u2028\u2029\f]/, MAX_LINES);
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opened = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (opened !== undefined && opened[0] === fence[0] && opened.length >= fence.length)
        fence = null;
      continue;
    }
    if (opened !== undefined) {
      fence = opened;
      continue;
    }
    if (ATX_HEADING.test(line) || SETEXT_UNDERLINE.test(line)) continue;
    if (SETEXT_UNDERLINE.test(lines[i + 1] ?? '') && line.trim() !== '') continue;
    const body = collapseWhitespace(stripPrefixes(line.slice(0, 4 * MAX_ANCHOR))).trim();
    if (!SALIENT.test(body)) continue;
    return clipSentence(firstSentence(body));
  }
  return null;
}

function stripPrefixes(line: string): string {
  let rest = line;
  for (let match = MARKUP_PREFIX.exec(rest); match !== null && match[0].length > 0; ) {
    rest = rest.slice(match[0].length);
    match = MARKUP_PREFIX.exec(rest);
  }
  return rest;
}

function firstSentence(body: string): string {
  const end = SENTENCE_END.exec(body);
  if (end === null) return body;
  const cut = end.index + end[0].length;
  const sentence = body.slice(0, cut);
  const rest = body.slice(cut).trim();
  if (rest !== '' && sentence.split(' ').length <= 2) return firstSentence(rest);
  return sentence;
}

/** The sentence, or its first 159 code points and `…` when it has more than 160. */
export function clipSentence(sentence: string): string {
  // no array of code points per anchor: most sentences are under the limit in UTF-16 units alone
  if (sentence.length <= MAX_ANCHOR) return sentence;
  if (codePointsBetween(sentence, 0, sentence.length) <= MAX_ANCHOR) return sentence;
  return `${sentence.slice(0, advanceCodePoints(sentence, 0, MAX_ANCHOR - 1, sentence.length))}…`;
}
