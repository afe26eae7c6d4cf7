/** A letter, mark or digit: what both engines' tokenizers make words of. */
export const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u;
/** A run of them: a word. */
const TERM = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of a user's query, lower-cased, first occurrence order, each
 * once. Everything else (quotes, parentheses, operators, `-`, `/`) only
 * separates words, so no query syntax reaches the engine:
 * `multi-agent` -> multi, agent; `don't` -> don, t; `NEAR(` -> near.
 */
export function tokenizeQuery(query: string): string[] {
  const seen = new Set<string>();
  for (const match of query.normalize('NFC').matchAll(TERM)) seen.add(match[0].toLowerCase());
  return [...seen];
}
