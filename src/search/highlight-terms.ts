import { queryWordMatcher } from './word-stem.js';

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
  const matches = queryWordMatcher(terms);
  return text.replace(/[\p{L}\p{M}\p{N}]+/gu, (word) =>
    matches(word) ? `${marks.open}${word}${marks.close}` : word,
  );
}
