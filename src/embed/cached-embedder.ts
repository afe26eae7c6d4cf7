import { CairnError } from '../errors.js';
import type { VectorStore } from '../store/vector-store.js';
import { checkVectors } from './check-vectors.js';
import { textHash } from './embedded-text.js';
import type { EmbedCallOptions, Embedder } from './types.js';

/** What the cache saved: texts asked for, texts found cached, texts sent to the embedder. */
export interface EmbedCacheCounts {
  asked: number;
  hits: number;
  sent: number;
}

export type CachedEmbedder = Embedder & { readonly counts: Readonly<EmbedCacheCounts> };

/**
 * `embedder` behind the store's embedding cache, keyed by (embedder id,
 * sha256 of the exact text): a text embedded before, by `cairn embed` or an
 * earlier semantic chunking, is never sent again, and repeats within one
 * call are sent once. New vectors are checked (finite, of the embedder's
 * dimensions; a remote model's are also refused all zero) and cached before they are returned: a refused
 * answer is never cached, whichever embedder gave it. Same id, same
 * vectors: it stands wherever the embedder does.
 */
export function createCachedEmbedder(
  embedder: Embedder,
  store: Pick<VectorStore, 'getCachedEmbeddings' | 'putEmbeddings'>,
): CachedEmbedder {
  const counts: EmbedCacheCounts = { asked: 0, hits: 0, sent: 0 };
  const embed = async (
    texts: readonly string[],
    options: EmbedCallOptions = {},
  ): Promise<Float32Array[]> => {
    const hashes = texts.map(textHash);
    const found = await store.getCachedEmbeddings(embedder.id, [...new Set(hashes)]);
    const missing = new Map<string, string>();
    hashes.forEach((hash, i) => {
      if (!found.has(hash) && !missing.has(hash)) missing.set(hash, texts[i]!);
    });
    counts.asked += texts.length;
    counts.hits += hashes.filter((hash) => found.has(hash)).length;
    if (missing.size > 0) {
      const todo = [...missing];
      const vectors = await embedder.embed(
        todo.map(([, text]) => text),
        options,
      );
      if (vectors.length !== todo.length) {
        throw new CairnError(
          'embedder_bad_response',
          `${embedder.id} gave ${vectors.length} vectors for ${todo.length} texts`,
          { details: { source: embedder.id, reason: 'wrong_count' } },
        );
      }
      checkVectors(vectors, {
        source: embedder.id,
        dimensions: embedder.dimensions,
        allow_zero: true,
      });
      const entries = todo.map(([hash], i) => ({ text_hash: hash, vector: vectors[i]! }));
      await store.putEmbeddings(embedder.id, entries);
      for (const { text_hash, vector } of entries) found.set(text_hash, vector);
      counts.sent += todo.length;
    }
    return hashes.map((hash) => found.get(hash)!);
  };
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    ...(embedder.lexical === undefined ? {} : { lexical: embedder.lexical }),
    embed,
    counts,
  };
}
