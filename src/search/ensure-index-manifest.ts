import { isCairnError } from '../errors.js';
import type {
  ChunkStore,
  IndexManifestRow,
  LexicalIndexState,
  WaitOptions,
} from '../store/types.js';
import { computeIndexHash } from './compute-index-hash.js';

/** The lexical index embeds nothing: the citation's `embed_model`. */
export const LEXICAL_EMBED_MODEL = 'none';

export interface LiveIndex {
  analyzer: string;
  index_hash: string;
  chunk_count: number;
}

/**
 * The live lexical index of one chunker: its analyzer and hash, with an
 * `index_manifests` row written the first time a search sees that hash
 * (the index changes with every chunk write, so the manifest follows
 * lazily; the hash is a pure function of what is indexed). A read-only
 * store gets no row. With `wait_ms`, a store another process keeps locked
 * gets its row at a later search: the hash does not depend on it.
 */
export async function ensureIndexManifest(
  store: ChunkStore,
  chunkerId: string,
  options: WaitOptions = {},
): Promise<LiveIndex> {
  const state = await store.getLexicalIndexState(chunkerId);
  const known = ensured.get(state);
  if (known !== undefined) return known;
  const indexHash = computeIndexHash(chunkerId, LEXICAL_EMBED_MODEL, state);
  const chunkCount = state.sets.reduce((n, set) => n + set.chunk_count, 0);
  // a read-only store cannot record the manifest; the hash is the same either way
  if (!store.read_only && (await store.getIndexManifest(indexHash)) === null) {
    const row: IndexManifestRow = {
      index_hash: indexHash,
      kind: 'lexical',
      chunker_id: chunkerId,
      analyzer: state.analyzer,
      embed_model: LEXICAL_EMBED_MODEL,
      params: {
        engine: store.capabilities.lexical_engine,
        documents: state.sets.length,
      },
      chunk_count: chunkCount,
      created_at: new Date().toISOString(),
    };
    try {
      await store.putIndexManifest(row, options);
    } catch (error) {
      if (options.wait_ms === undefined || !isCairnError(error, 'store_busy')) throw error;
      // not remembered as ensured: the next search of this state writes the row
      return { analyzer: state.analyzer, index_hash: indexHash, chunk_count: chunkCount };
    }
  }
  const live = { analyzer: state.analyzer, index_hash: indexHash, chunk_count: chunkCount };
  ensured.set(state, live);
  return live;
}

/**
 * States already hashed and given a manifest. A store that hands back the
 * same state object for an unchanged index (SQLite) spares each search the
 * hash over every document's chunk set; manifests are never deleted.
 */
const ensured = new WeakMap<LexicalIndexState, LiveIndex>();
