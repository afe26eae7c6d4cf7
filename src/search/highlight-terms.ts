/**
 * `text` with every whole-word, case-insensitive occurrence of `terms`
 * wrapped in `open`/`close` (for the CLI's snippets). Words are found the
 * way `tokenizeQuery` finds them, so the highlighted words are the ones
 * searched for (stemmed matches on PostgreSQL are not marked).
 */
export function highlightTerms(
  text: string,
  terms: readonly string[],
  marks: { open: string; close: string },
): string {
  const wanted = new Set(terms.map((t) => t.toLowerCase()));
  return text.replace(/[\p{L}\p{M}\p{N}]+/gu, (word) =>
    wanted.has(word.normalize('NFC').toLowerCase()) ? `${marks.open}${word}${marks.close}` : word,
  );
}
