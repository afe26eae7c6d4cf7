/** Dimensions of the term-hash vectors: enough that a few chapters rarely collide on a word that matters. */
export const TERM_HASH_DIMS = 512;

/** Names a vector store's index facts can carry for payloads made from these vectors. */
export const TERM_HASH_MODEL = `term-hash-${TERM_HASH_DIMS}:l2`;
export const TERM_HASH_ANALYZER = 'unicode-words:lowercase';

/**
 * A bag-of-words embedding (FNV-1a of each lower-cased word into one of
 * `TERM_HASH_DIMS` counters, L2-normalised): a real, deterministic vector
 * that needs no model download, so LangChain and LlamaIndex vector stores
 * rank by shared words. Text without words maps to a constant vector.
 */
export function termHashVector(text: string): number[] {
  const vector = new Array<number>(TERM_HASH_DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) {
      hash ^= word.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    const slot = (hash >>> 0) % TERM_HASH_DIMS;
    vector[slot] = vector[slot]! + 1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector.map(() => 1 / Math.sqrt(TERM_HASH_DIMS)) : vector.map((x) => x / norm);
}
