import { CairnError } from '../errors.js';
import type { ChunkStore } from '../store/types.js';
import { checkVectors } from './check-vectors.js';
import { type EmbedContext, embeddedText, textHash } from './embedded-text.js';
import type { Embedder } from './types.js';

export interface EmbedChunkSetsOptions {
  /** Only this chunker's sets (default: every chunker's). */
  chunker_id?: string;
  /** Default `heading_path`. */
  context?: EmbedContext;
  /** Texts sent to the embedder per cache write (default 256): what a crash can cost. */
  group_size?: number;
  signal?: AbortSignal;
  on_progress?: (progress: EmbedProgress) => void;
}

export interface EmbedProgress {
  sets_done: number;
  sets_total: number;
  chunks_done: number;
  /** Texts sent to the embedder. */
  texts_embedded: number;
  /** Chunks whose embedded text was in the cache (this run's texts included). */
  cache_hits: number;
  elapsed_ms: number;
}

export interface EmbedReport extends EmbedProgress {
  embed_model: string;
  dimensions: number;
  /** Chunks per second over the run. */
  chunks_per_s: number;
}

/**
 * Embeds every current chunk set that has no vectors of `embedder` yet.
 * Vectors go to the cache as they arrive (a group per transaction), and a
 * set becomes visible to search only when all its chunks' pointers and its
 * completion mark commit together: a crash leaves whole sets or none, and a
 * re-run finds the texts already sent in the cache.
 */
export async function embedChunkSets(
  store: ChunkStore,
  embedder: Embedder,
  options: EmbedChunkSetsOptions = {},
): Promise<EmbedReport> {
  const context = options.context ?? 'heading_path';
  const groupSize = options.group_size ?? 256;
  const started = performance.now();
  const pending = await store.listPendingVectorSets(embedder.id, options.chunker_id);
  const progress: EmbedProgress = {
    sets_done: 0,
    sets_total: pending.length,
    chunks_done: 0,
    texts_embedded: 0,
    cache_hits: 0,
    elapsed_ms: 0,
  };
  for (const set of pending) {
    if (options.signal?.aborted) throw new CairnError('interrupted', 'Embedding was stopped');
    const chunks = await store.listChunks(set.version_id, set.chunker_id);
    const texts = chunks.map((chunk) => embeddedText(chunk, context));
    const hashes = texts.map(textHash);
    const cached = await store.getCachedEmbeddings(embedder.id, hashes);
    const vectors = new Map(cached);
    const missing = new Map<string, string>();
    hashes.forEach((hash, i) => {
      if (!cached.has(hash)) missing.set(hash, texts[i]!);
    });
    progress.cache_hits += hashes.filter((hash) => !missing.has(hash)).length;
    const todo = [...missing];
    for (let at = 0; at < todo.length; at += groupSize) {
      const group = todo.slice(at, at + groupSize);
      const embedded = await embedder.embed(
        group.map(([, text]) => text),
        options.signal === undefined ? {} : { signal: options.signal },
      );
      if (embedded.length !== group.length) {
        throw new CairnError(
          'embedder_bad_response',
          `${embedder.id} gave ${embedded.length} vectors for ${group.length} texts`,
          { details: { source: embedder.id, reason: 'wrong_count' } },
        );
      }
      // whichever embedder answered: nothing a search cannot use is cached or stored
      checkVectors(embedded, {
        source: embedder.id,
        dimensions: embedder.dimensions,
        allow_zero: true,
      });
      const entries = group.map(([hash], i) => ({ text_hash: hash, vector: embedded[i]! }));
      await store.putEmbeddings(embedder.id, entries);
      for (const entry of entries) vectors.set(entry.text_hash, entry.vector);
      progress.texts_embedded += group.length;
    }
    await store.writeVectorSet({
      version_id: set.version_id,
      chunker_id: set.chunker_id,
      embed_model: embedder.id,
      dimensions: embedder.dimensions,
      text_context: context,
      chunks: chunks.map((chunk, i) => ({
        chunk_row_id: chunk.id,
        document_id: chunk.document_id,
        section_id: chunk.section_id,
        chunk_id: chunk.chunk_id,
        text_hash: hashes[i]!,
        vector: vectors.get(hashes[i]!)!,
      })),
    });
    progress.sets_done++;
    progress.chunks_done += chunks.length;
    progress.elapsed_ms = performance.now() - started;
    options.on_progress?.({ ...progress });
  }
  progress.elapsed_ms = performance.now() - started;
  return {
    ...progress,
    embed_model: embedder.id,
    dimensions: embedder.dimensions,
    chunks_per_s:
      progress.elapsed_ms > 0 ? Math.round((progress.chunks_done / progress.elapsed_ms) * 1000) : 0,
  };
}
