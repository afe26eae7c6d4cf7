import type { CairnDocument, Format } from '../types.js';
import type { ChunkSetStore } from './chunk-set-store.js';
import type { DocumentStore } from './document-store.js';
import type { LayoutStore } from './layout-store.js';
import type { LexicalIndex } from './lexical-index.js';
import type { SeenFileStore } from './seen-file-store.js';
import type { StoreInventory } from './store-inventory.js';
import type { TraceStore } from './trace-store.js';
import type { VectorStore } from './vector-store.js';

/**
 * The store's own boundary types: rows as the tables hold them, snake_case
 * like the SQL columns. Nothing here depends on a chunker's internals; a
 * chunker's output is turned into `ChunkInput` rows by `toChunkInputs`.
 *
 * Offsets: `char_start`/`char_end` are code points into the version's
 * canonical text, half-open; `byte_start`/`byte_end` the same span in UTF-8.
 */

/** For the few writes a reader makes (a trace, an index manifest). */
export interface WaitOptions {
  /**
   * Wait at most this long for a write lock another connection holds
   * (SQLite, whose own busy wait would block the thread, so the wait is
   * spent between attempts that do not wait), then fail with `store_busy`.
   * Default: the store's busy timeout.
   */
  wait_ms?: number;
}

export interface DocumentRow {
  id: number;
  doc_uid: string;
  source_url: string;
  media_type: string;
  format: Format;
  title: string | null;
  /** The version a reader sees; every document row has one once its first version committed. */
  current_version_id: number;
  created_at: string;
  updated_at: string;
  /** When `cairn rm` took the document out of search (its chunk IDs resolve as `deleted`); null while in service. */
  removed_at: string | null;
}

/** The document model parts a version keeps, so late chunking needs no source. */
export type VersionModel = Pick<
  CairnDocument,
  'title' | 'sections' | 'blocks' | 'pages' | 'json_nodes'
>;

export interface VersionRow {
  id: number;
  document_id: number;
  /** 1, 2, 3 ... in the order versions were first stored. */
  seq: number;
  /** sha256 hex of the UTF-8 canonical text: with `model_version`, what makes a version the same version. */
  content_hash: string;
  /** The parser's model version the version was made by (`MODEL_VERSIONS`; 1 for versions stored before it was recorded). */
  model_version: number;
  /** The exact current revision (sha1 of the normalized text); citations name it. */
  rev: string;
  /** The `r=` of the IDs minted for this version (unchanged across minor edits). */
  lineage_rev: string;
  length: number;
  byte_length: number;
  created_at: string;
}

export interface VersionWithText extends VersionRow {
  canonical: string;
  model: VersionModel;
}

/** A chunk as a writer hands it to the store, before the store stamps timestamps. */
export interface ChunkInput {
  chunk_id: string;
  /** 0-based position in the chunker's output for the version (reading order). */
  seq: number;
  /** RFC 6901 pointer of the JSON string node, `''` when none. */
  json_pointer: string;
  /** 0-based index within the JSON node, or within the document when there is no node. */
  chunk_index: number;
  total_chunks: number;
  text: string;
  char_start: number;
  char_end: number;
  byte_start: number;
  byte_end: number;
  /** The chunk's `token_count`: its size in its chunker's unit (code points for `char`, words for `token-like`, tokenizer tokens otherwise). */
  tokens: number;
  /** `sect_path` of the innermost section holding the chunk; null before any heading. */
  section_id: string | null;
  heading_path: string[];
  page: number | null;
  block_type: string | null;
  anchor: string | null;
  /** sha256 hex of `text`. */
  hash: string;
  /**
   * JSON documents: the chunk's code point offsets within its string node's
   * own text (seed 004's `char_start/char_end`); null for other documents.
   */
  node_start: number | null;
  node_end: number | null;
  /** JSON documents: sha256 hex of the whole string node the chunk comes from (seed 004's `content_hash`); null otherwise. */
  node_hash: string | null;
}

export interface ChunkRow extends ChunkInput {
  id: number;
  document_id: number;
  version_id: number;
  chunker_id: string;
  created_at: string;
  updated_at: string;
}

export type RedirectKind = 'moved' | 'split' | 'merged' | 'deleted';

export interface RedirectInput {
  from_chunk_id: string;
  /** null when the new version has nothing to send the old ID to. */
  to_chunk_id: string | null;
  kind: RedirectKind;
}

export interface RedirectRow extends RedirectInput {
  document_id: number;
  chunker_id: string;
  /** The version whose arrival retired `from_chunk_id`. */
  version_id: number;
  created_at: string;
}

/**
 * One chunker's complete chunks of one version. Written in the transaction
 * that writes the chunks, so its presence says the set is whole.
 */
export interface ChunkSetRow {
  version_id: number;
  chunker_id: string;
  lineage_rev: string;
  chunk_count: number;
  /** sha256 over the chunks' IDs and hashes in order: equal digests, equal chunk sets. */
  digest: string;
  created_at: string;
}

/** A source file an ingest has read, to skip it next time when nothing changed. */
export interface SeenFileRow {
  source_url: string;
  /** Chunker and parse options the file was ingested with. */
  settings_key: string;
  size: number;
  mtime_ms: number;
  /** sha256 hex of the file's bytes. */
  file_hash: string;
  document_id: number;
  version_id: number;
  /** When the row was written (ms since the epoch): a file modified in the same tick is re-hashed. */
  seen_at_ms: number;
}

export interface IndexManifestRow {
  index_hash: string;
  kind: string;
  chunker_id: string;
  analyzer: string | null;
  embed_model: string | null;
  params: Record<string, unknown>;
  chunk_count: number;
  created_at: string;
}

export interface RagTraceRow {
  ts: string;
  qid: string;
  seg: number;
  deltaS: number;
  lambda_state: string;
  store: string | null;
  index_hash: string | null;
  embed_model: string | null;
  analyzer: string | null;
  section_id: string | null;
  rev: string | null;
  citations: unknown;
  scores: unknown;
  kpos: unknown;
  kfinal: unknown;
}

/**
 * A lexical query as the store runs it: `terms` are plain words (the
 * caller tokenized the user's text); the store quotes each one for its
 * engine, so no query syntax reaches it. Only current versions' chunks of
 * `chunker_id` match.
 */
export interface LexicalQuery {
  chunker_id: string;
  terms: readonly string[];
  limit: number;
  /** Only this document's chunks. */
  document_id?: number;
  /** Only chunks of this section or its subsections (`sect_path` prefix at a dot). */
  section?: string;
  /** The heading field's weight against the text's 1 (default `HEADING_WEIGHT`); 0 or more. */
  heading_weight?: number;
}

export interface LexicalMatch {
  chunk: ChunkRow;
  doc_uid: string;
  source_url: string;
  rev: string;
  /** Higher is better: SQLite's `-bm25()`; PostgreSQL: each term's BM25 idf times its `ts_rank`, summed. */
  score_raw: number;
}

/** What identifies the live lexical index of one chunker. */
export interface LexicalIndexState {
  /** The analyzer the index was built with (recorded by the migration). */
  analyzer: string;
  /** The indexed chunk sets: one per document whose current version has the chunker's chunks. */
  sets: { doc_uid: string; digest: string; chunk_count: number }[];
}

export interface StoreCounts {
  documents: number;
  versions: number;
  chunks: number;
  redirects: number;
  chunk_sets: number;
  seen_files: number;
}

/** Called before every statement the store sends, with a running count (tests kill the process here). */
export type StatementHook = (index: number, sql: string) => void;

/**
 * What callers above the store may ask about its backend, instead of asking
 * which database it is: each flag names the behaviour that differs.
 */
export interface StoreCapabilities {
  /** The full-text engine behind the lexical index, as index manifests name it. */
  readonly lexical_engine: 'fts5' | 'pg-fts';
  /** A write blocks this thread until it is done (better-sqlite3), rather than awaiting a server (pg). */
  readonly blocking_writes: boolean;
  /** The database file on this machine, or null (in memory, or a server). */
  readonly file_path: string | null;
}

/**
 * One store over SQLite or PostgreSQL: its parts by what they hold. Reads
 * see committed data only; every write method is one transaction.
 */
export interface ChunkStore
  extends DocumentStore,
    ChunkSetStore,
    SeenFileStore,
    TraceStore,
    LexicalIndex,
    StoreInventory,
    VectorStore,
    LayoutStore {
  /** The database's name, for messages and traces; behaviour that differs is in `capabilities`. */
  readonly dialect: 'sqlite' | 'postgres';
  /** Where the data lives, for messages (a path, or a URL without password). */
  readonly location: string;
  /** Rows this store object inserted, updated or deleted since it opened. */
  readonly rows_written: number;
  /** Opened for reading only: writes fail with `store_readonly`, and searches leave no trace row. */
  readonly read_only: boolean;
  readonly capabilities: StoreCapabilities;

  counts(): Promise<StoreCounts>;
  /** Storage-level self check: SQLite's integrity and foreign key checks; PostgreSQL: orphan checks. */
  check(): Promise<string[]>;
  /**
   * Whether writes would be refused though the store opened for writing: a
   * PostgreSQL hot standby, `default_transaction_read_only`, or a role
   * without INSERT on the tables (SQLite finds a read-only file at open).
   * Asked without writing anything.
   */
  refusesWrites(): Promise<boolean>;
  close(): Promise<void>;
}
