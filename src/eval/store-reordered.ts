import { type ChunkSource, ensure } from '../pipeline/ensure.js';
import { toCairnDocument } from '../pipeline/stored-document.js';
import type { ChunkStore } from '../store/types.js';
import { listAllDocuments } from './store-gold-docs.js';

/**
 * Stores into `target` the current version of every document of `source`
 * that has chunks of `chunker`, in the reverse of the order `source` first
 * stored them, chunked afresh from the stored canonical text and model: a
 * second store that should rank every query as `source` does. Returns how
 * many documents it wrote.
 */
export async function storeReordered(
  source: ChunkStore,
  target: ChunkStore,
  chunker: ChunkSource,
): Promise<number> {
  const documents = (await listAllDocuments(source)).reverse();
  let written = 0;
  for (const document of documents) {
    if ((await source.getChunkSet(document.current_version_id, chunker.chunker_id)) === null)
      continue;
    const version = await source.getVersionText(document.current_version_id);
    if (version === null) continue;
    await ensure(target, toCairnDocument(document, version), chunker);
    written++;
  }
  return written;
}
