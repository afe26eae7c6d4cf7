/** A run of letters, marks and digits: what both engines' tokenizers index as a word. */
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
