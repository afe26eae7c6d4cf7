import { CairnError, type ErrorCode, isCairnError } from '../errors.js';
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

/** The live index a search read, and the manifest row it saw missing from the store. */
export interface LiveIndexRead {
  live: LiveIndex;
  /** The row to record, or null when the store already holds it. */
  manifest: IndexManifestRow | null;
}

/**
 * The live lexical index of one chunker: its analyzer and hash, and the
 * `index_manifests` row to write when the store has none for that hash
 * (the index changes with every chunk write, so the manifest follows
 * lazily; the hash is a pure function of what is indexed). Reads only, so
 * a read-only connection (a search worker's) can tell its writer what to
 * record.
 */
export async function readLiveIndex(
  store: ChunkStore,
  chunkerId: string,
  /** The chunker's index state when the caller has just read it. */
  read?: LexicalIndexState,
): Promise<LiveIndexRead> {
  const state = read ?? (await store.getLexicalIndexState(chunkerId));
  let live = hashed.get(state);
  if (live === undefined) {
    live = {
      analyzer: state.analyzer,
      index_hash: computeIndexHash(chunkerId, LEXICAL_EMBED_MODEL, state),
      chunk_count: state.sets.reduce((n, set) => n + set.chunk_count, 0),
    };
    hashed.set(state, live);
  }
  const known = recordedOf(store);
  if (known.has(live.index_hash)) return { live, manifest: null };
  if ((await store.getIndexManifest(live.index_hash)) !== null) {
    remember(known, live.index_hash);
    return { live, manifest: null };
  }
  return { live, manifest: manifestRow(store, chunkerId, state, live) };
}

/**
 * Writes a manifest row a search saw missing. With `wait_ms`, a store
 * another process keeps locked past the wait gets its row at a later
 * search (false here): the hash does not depend on it.
 */
export async function recordIndexManifest(
  store: ChunkStore,
  row: IndexManifestRow,
  options: WaitOptions = {},
): Promise<boolean> {
  const known = recordedOf(store);
  if (known.has(row.index_hash)) return true;
  try {
    await store.putIndexManifest(row, options);
  } catch (error) {
    if (options.wait_ms === undefined || !isCairnError(error, 'store_busy')) throw error;
    return false;
  }
  remember(known, row.index_hash);
  return true;
}

/**
 * Store failures a read carries on past: the manifest is a record of an
 * index state, not what the read returns (the hash is the same either
 * way), so a full disk, a read-only file or a held lock must not turn a
 * search or an export into an error.
 */
const UNRECORDABLE = new Set<ErrorCode>(['store_full', 'store_readonly', 'store_busy']);

export interface RecordManifestOptions extends WaitOptions {
  /** Told why a manifest could not be recorded (a read goes on without it). */
  on_warning?: (error: CairnError) => void;
}

/**
 * `recordIndexManifest` for a read: a store that cannot take the row
 * (`store_full`, `store_readonly`, `store_busy`) is reported to
 * `on_warning` and the read goes on; other failures throw.
 */
export async function recordManifestForRead(
  store: ChunkStore,
  row: IndexManifestRow,
  options: RecordManifestOptions = {},
): Promise<void> {
  if (store.read_only) return;
  try {
    await recordIndexManifest(store, row, options);
  } catch (error) {
    if (!(error instanceof CairnError) || !UNRECORDABLE.has(error.code)) throw error;
    options.on_warning?.(error);
  }
}

/**
 * `readLiveIndex`, then the manifest written when the store lacks it; a
 * store that cannot record it (read-only, full, locked) is a warning, not
 * a failure (`recordManifestForRead`).
 */
export async function ensureIndexManifest(
  store: ChunkStore,
  chunkerId: string,
  options: RecordManifestOptions = {},
): Promise<LiveIndex> {
  const { live, manifest } = await readLiveIndex(store, chunkerId);
  if (manifest !== null) await recordManifestForRead(store, manifest, options);
  return live;
}

function manifestRow(
  store: ChunkStore,
  chunkerId: string,
  state: LexicalIndexState,
  live: LiveIndex,
): IndexManifestRow {
  return {
    index_hash: live.index_hash,
    kind: 'lexical',
    chunker_id: chunkerId,
    analyzer: state.analyzer,
    embed_model: LEXICAL_EMBED_MODEL,
    params: { engine: store.capabilities.lexical_engine, documents: state.sets.length },
    chunk_count: live.chunk_count,
    created_at: new Date().toISOString(),
  };
}

/**
 * States already hashed. A store that hands back the same state object for
 * an unchanged index (SQLite) spares each search the hash over every
 * document's chunk set.
 */
const hashed = new WeakMap<LexicalIndexState, LiveIndex>();

/** Hashes each store is known to hold a manifest of (manifests are never deleted). */
const recorded = new WeakMap<ChunkStore, Set<string>>();

/** Enough for a server's life of ingests between searches; past it the oldest are asked again. */
const MAX_REMEMBERED = 1024;

function recordedOf(store: ChunkStore): Set<string> {
  let known = recorded.get(store);
  if (known === undefined) {
    known = new Set();
    recorded.set(store, known);
  }
  return known;
}

function remember(known: Set<string>, indexHash: string): void {
  if (known.size >= MAX_REMEMBERED) known.delete(known.values().next().value!);
  known.add(indexHash);
}
