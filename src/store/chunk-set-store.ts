import type { ChunkInput, ChunkRow, ChunkSetRow, RedirectInput, RedirectRow } from './types.js';

/** A chunk set for a stored version, with the redirects from the chunk IDs it retires. */
export interface ChunkSetWrite {
  document_id: number;
  version_id: number;
  chunker_id: string;
  lineage_rev: string;
  rows: ChunkInput[];
  digest: string;
  redirects: RedirectInput[];
}

/** Chunk sets, their chunks, and the redirects from chunk IDs that sets retired. */
export interface ChunkSetStore {
  getChunkSet(versionId: number, chunkerId: string): Promise<ChunkSetRow | null>;
  listChunkSets(options?: { chunker_id?: string; version_id?: number }): Promise<ChunkSetRow[]>;
  /** Chunks of one version and chunker in reading order. */
  listChunks(versionId: number, chunkerId: string): Promise<ChunkRow[]>;
  /** The ID of a chunk set's first chunk in reading order, without reading the set; null when it has none. */
  firstChunkId(versionId: number, chunkerId: string): Promise<string | null>;
  /** IDs that ever named a chunk of the document for the chunker (live, old, redirected). */
  listUsedChunkIds(documentId: number, chunkerId: string): Promise<string[]>;
  /** Rows with this chunk ID in any version (of one chunker, or all), newest version first. */
  findChunks(chunkId: string, chunkerId?: string): Promise<ChunkRow[]>;
  /** Redirects out of `chunkId` (of one chunker, or all), newest first. */
  findRedirects(chunkId: string, chunkerId?: string): Promise<RedirectRow[]>;
  /** Chunker ids that have chunks in the store, most chunks first. */
  listChunkerIds(): Promise<string[]>;
  /** Writes a chunk set for a stored version; false when one already exists (someone else won). */
  writeChunkSet(input: ChunkSetWrite): Promise<boolean>;
}
