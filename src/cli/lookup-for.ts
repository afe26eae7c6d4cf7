import { lookupOptions, type ResolveOptions } from '../pipeline/resolve-chunk.js';
import { resolveSearchChunker } from '../search/resolve-search-chunker.js';
import type { ChunkStore } from '../store/types.js';

/**
 * Whose chunks `--chunker` means: one the store has no chunks of is
 * `unknown_chunker` naming the ones it has, as search says (a typo is not
 * "no such chunk"); a name reaches the one stored chunker of that name.
 */
export async function lookupFor(
  store: ChunkStore,
  chunker: string | undefined,
): Promise<ResolveOptions> {
  if (chunker === undefined || chunker === '') return lookupOptions();
  return lookupOptions(await resolveSearchChunker(store, chunker));
}
