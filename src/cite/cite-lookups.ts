import { computeIndexHash } from '../search/compute-index-hash.js';
import { LEXICAL_EMBED_MODEL } from '../search/ensure-index-manifest.js';
import { resolveSearchChunker } from '../search/resolve-search-chunker.js';
import type {
  ChunkRow,
  ChunkStore,
  DocumentRow,
  IndexManifestRow,
  VersionRow,
} from '../store/types.js';

/** The live index of one chunker: what "current" means for a cited index. */
export interface LiveIndex {
  index_hash: string;
  analyzer: string;
}

/**
 * The store reads an answer's check repeats (many citations name one
 * document, one chunk, one index), each made once per check. Reads only.
 */
export interface CiteLookups {
  readonly store: ChunkStore;
  /** The rows of a chunk ID, of one chunker or of all. */
  chunks(chunkId: string, chunkerId?: string): Promise<ChunkRow[]>;
  versions(documentId: number): Promise<VersionRow[]>;
  document(documentId: number): Promise<DocumentRow | null>;
  /** One version's chunks of one chunker, in reading order. */
  versionChunks(versionId: number, chunkerId: string): Promise<ChunkRow[]>;
  /** The live lexical index of a chunker, its hash computed as search computes it. */
  liveIndex(chunkerId: string): Promise<LiveIndex>;
  manifest(indexHash: string): Promise<IndexManifestRow | null>;
  /** The chunker a search with no chunker named would read. */
  searchChunker(): Promise<string>;
}

/** Lookups over `store` with one cache for the whole check: build one per answer or payload. */
export function createCiteLookups(store: ChunkStore): CiteLookups {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let value = cache.get(key) as Promise<T> | undefined;
    if (value === undefined) {
      value = read();
      cache.set(key, value);
    }
    return value;
  };
  return {
    store,
    chunks: (id, chunker) =>
      once(`chunks\0${id}\0${chunker ?? ''}`, () => store.findChunks(id, chunker)),
    versions: (id) => once(`versions\0${id}`, () => store.listVersions(id)),
    document: (id) => once(`document\0${id}`, () => store.getDocumentById(id)),
    versionChunks: (id, chunker) =>
      once(`version-chunks\0${id}\0${chunker}`, () => store.listChunks(id, chunker)),
    liveIndex: (chunker) =>
      once(`live-index\0${chunker}`, async () => {
        const state = await store.getLexicalIndexState(chunker);
        return {
          index_hash: computeIndexHash(chunker, LEXICAL_EMBED_MODEL, state),
          analyzer: state.analyzer,
        };
      }),
    manifest: (hash) => once(`manifest\0${hash}`, () => store.getIndexManifest(hash)),
    searchChunker: () => once('search-chunker', () => resolveSearchChunker(store, undefined)),
  };
}
