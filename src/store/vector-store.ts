import type { ChunkRow } from './types.js';

/** A chunk set of a current version that has no vectors of one embedder yet. */
export interface PendingVectorSet {
  version_id: number;
  chunker_id: string;
  doc_uid: string;
  chunk_count: number;
}

/** One chunk of a set being marked embedded. */
export interface VectorSetChunk {
  chunk_row_id: number;
  document_id: number;
  section_id: string | null;
  chunk_id: string;
  text_hash: string;
  vector: Float32Array;
}

/** The pointers and the completion mark of one embedded chunk set. */
export interface VectorSetWrite {
  version_id: number;
  chunker_id: string;
  embed_model: string;
  dimensions: number;
  /** What the embedded text holds beside the chunk text (`heading_path` or `none`). */
  text_context: string;
  /**
   * Every chunk of the set: its row and the keys search filters and orders
   * on, the sha256 of its embedded text (already in the cache) and that
   * text's vector, which search scans beside the pointer.
   */
  chunks: readonly VectorSetChunk[];
}

export interface VectorQuery {
  chunker_id: string;
  embed_model: string;
  vector: Float32Array;
  limit: number;
  document_id?: number;
  section?: string;
}

export interface VectorMatch {
  chunk: ChunkRow;
  doc_uid: string;
  source_url: string;
  rev: string;
  /** 1 − cosine(query, chunk vector). */
  distance: number;
}

/** One embedder's vectors over the current chunk sets of one chunker. */
export interface VectorIndexState {
  embed_model: string;
  dimensions: number;
  /** Embedded sets: one per document whose current version is embedded. */
  sets: { doc_uid: string; digest: string; chunk_count: number }[];
}

/** Vectors beside the chunks, and the embedding cache. */
export interface VectorStore {
  /** Current chunk sets (of one chunker, or all) that lack a vector set of `embedModel`. */
  listPendingVectorSets(embedModel: string, chunkerId?: string): Promise<PendingVectorSet[]>;
  /** Cached vectors of `embedModel` for these text hashes (those it has). */
  getCachedEmbeddings(
    embedModel: string,
    textHashes: readonly string[],
  ): Promise<Map<string, Float32Array>>;
  /** Adds vectors to the cache (one transaction); a hash already cached is kept as it is. */
  putEmbeddings(
    embedModel: string,
    entries: readonly { text_hash: string; vector: Float32Array }[],
  ): Promise<void>;
  /**
   * Marks a chunk set embedded, with its chunks' pointers, in one
   * transaction; false when it already was, or the chunk set is gone.
   */
  writeVectorSet(input: VectorSetWrite): Promise<boolean>;
  /** The embedders with vectors over current chunk sets of the chunker. */
  getVectorIndexStates(chunkerId: string): Promise<VectorIndexState[]>;
  /** Current, embedded chunks nearest the query vector, nearest first. */
  searchVectors(query: VectorQuery): Promise<VectorMatch[]>;
  /** The stored vectors of these chunks (by row id) for one embedder. */
  getChunkVectors(
    embedModel: string,
    chunkRowIds: readonly number[],
  ): Promise<Map<number, Float32Array>>;
}
