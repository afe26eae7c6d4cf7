import type { CairnDocument } from '../types.js';
import type { Chunk, Chunker, ChunkingOptions } from './types.js';

/**
 * A chunker's chunks, awaited when it must wait for something per document
 * (`chunkAsync`, the semantic chunker's embedder), else its plain `chunk`.
 * Options are applied first: a `strategy` may pick a chunker that awaits.
 */
export async function runChunker(
  chunker: Chunker,
  input: CairnDocument | string,
  options?: ChunkingOptions,
  call: { signal?: AbortSignal } = {},
): Promise<Chunk[]> {
  const configured = chunker.configure(options);
  if (configured.chunkAsync !== undefined) return configured.chunkAsync(input, undefined, call);
  return configured.chunk(input);
}
