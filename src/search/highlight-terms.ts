import { matchRanges } from './match-ranges.js';

/**
 * `text` with every whole-word, case-insensitive occurrence of `terms`,
 * or of another form of one (by Porter stem, as the lexical index matches
 * them), wrapped in `open`/`close` (for the CLI's snippets). Words are
 * found the way `tokenizeQuery` finds them.
 */
export function highlightTerms(
  text: string,
  terms: readonly string[],
  marks: { open: string; close: string },
): string {
  let out = '';
  let last = 0;
  for (const [start, end] of matchRanges(text, terms, Number.POSITIVE_INFINITY)) {
    out += `${text.slice(last, start)}${marks.open}${text.slice(start, end)}${marks.close}`;
    last = end;
  }
  return out + text.slice(last);
}
