import type { CairnDocument } from '../types.js';
import type { Chunk, Chunker, ChunkingOptions } from './types.js';

/**
 * A chunker's chunks, awaited when it must wait for something per document
 * (`chunkAsync`, the semantic chunker's embedder), else its plain `chunk`.
 */
export async function runChunker(
  chunker: Chunker,
  input: CairnDocument | string,
  options?: ChunkingOptions,
  call: { signal?: AbortSignal } = {},
): Promise<Chunk[]> {
  if (chunker.chunkAsync !== undefined) return chunker.chunkAsync(input, options, call);
  return chunker.chunk(input, options);
}
