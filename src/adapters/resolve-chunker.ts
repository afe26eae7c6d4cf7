import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import type { Chunker, ChunkingOptions } from '../chunk/types.js';

/** A chunker given as an instance or as an id, name or alias of the default registry, tuned. */
export function resolveChunker(
  chunker: Chunker | string | undefined,
  chunking: ChunkingOptions | undefined,
): Chunker {
  const base =
    typeof chunker === 'object' ? chunker : defaultChunkerRegistry().get(chunker ?? 'default');
  return base.configure(chunking);
}
