import type { Format } from '../types.js';
import type { ChunkRow, DocumentRow, IndexManifestRow, SeenFileRow } from './types.js';

/** One document as `cairn list` shows it. */
export interface DocumentSummary {
  document: DocumentRow;
  /** Stored versions, the current one included. */
  versions: number;
  /** The current version's `seq`. */
  current_seq: number;
  /** Chunks of the current version, per chunker id. */
  chunks: Record<string, number>;
  /** The current version's canonical text, in code points and UTF-8 bytes. */
  length: number;
  byte_length: number;
}

export interface DocumentListQuery {
  /** Only documents of this format. */
  format?: Format;
  /** Only documents whose source path is this path or lies below it (`/`-separated, as stored). */
  under?: string;
  /** Include documents `cairn rm` took out of search (default false). */
  include_removed?: boolean;
  /** Pages by document id. */
  after_id?: number;
  limit?: number;
}

export interface StoreStats {
  /** Documents in service, and those removed (kept so their IDs resolve as `deleted`). */
  documents: number;
  removed_documents: number;
  versions: number;
  /** Chunks of current versions of documents in service, per chunker id. */
  current_chunks: Record<string, number>;
  /** Every stored chunk row (old versions and removed documents included), per chunker id. */
  stored_chunks: Record<string, number>;
  redirects: number;
  traces: number;
  seen_files: number;
  /** Bytes on disk (SQLite: the database file without its WAL; PostgreSQL: the schema's tables and indexes). */
  store_bytes: number;
  index_manifests: IndexManifestRow[];
}

/** A current chunk with what its citation needs from its document and version. */
export interface CurrentChunk {
  chunk: ChunkRow;
  doc_uid: string;
  source_url: string;
  format: Format;
  title: string | null;
  rev: string;
}

/** What a store holds, and taking documents out of it. */
export interface StoreInventory {
  listDocumentSummaries(query?: DocumentListQuery): Promise<DocumentSummary[]>;
  storeStats(): Promise<StoreStats>;
  /**
   * Current chunks of one chunker, of documents in service, by row id after
   * `after_id` (keyset paging: a caller streams the store a page at a time).
   */
  listCurrentChunks(query: {
    chunker_id: string;
    after_id?: number;
    limit: number;
  }): Promise<CurrentChunk[]>;
  /**
   * Takes a document out of search, listings and the lexical index state;
   * its rows stay, so its chunk IDs resolve as `deleted`. Its seen-file rows
   * go, so that ingesting the file again brings it back. False when it was
   * removed already.
   */
  removeDocument(documentId: number): Promise<boolean>;
  /** Deletes a document and every row of it (versions, chunks, index entries, redirects, seen files). False when there was none. */
  purgeDocument(documentId: number): Promise<boolean>;
  /** Puts a removed document back in service at its current version, with the seen files of the ingest that brought it back. */
  restoreDocument(
    documentId: number,
    seen?: Omit<SeenFileRow, 'document_id' | 'version_id'>[],
  ): Promise<void>;
}
