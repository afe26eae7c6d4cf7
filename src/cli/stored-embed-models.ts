import type { ChunkStore } from '../store/types.js';

/** The embedder ids the store holds vectors of, over every chunker with current chunks. */
export async function storedEmbedModels(store: ChunkStore): Promise<string[]> {
  const chunkers = Object.keys((await store.storeStats()).current_chunks);
  const models = new Set<string>();
  for (const chunker of chunkers)
    for (const state of await store.getVectorIndexStates(chunker)) models.add(state.embed_model);
  return [...models];
}
