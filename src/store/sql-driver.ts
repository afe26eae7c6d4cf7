import type { ChunkRows } from './chunk-rows.js';
import type { InsertLimits } from './insert-batched.js';
import type { LexicalQuery, StatementHook } from './types.js';

/**
 * What differs between the databases (after kysely's dialect adapters): flags
 * the shared store code reads, and the few statements it cannot share, from
 * `sqlite/dialect.ts` or `postgres/dialect.ts`. The rest of the SQL is
 * written once, with `?` placeholders, in the subset both databases speak.
 */
export interface Dialect {
  /** A label for messages and traces; code asks the flags and `sql`, never the name. */
  readonly name: 'sqlite' | 'postgres';
  /** Most bound parameters one statement may carry (SQLite 32766, PostgreSQL 65535). */
  readonly max_parameters: number;
  /** `SELECT ... FOR UPDATE` locks rows; SQLite's `BEGIN IMMEDIATE` locks the whole file instead. */
  readonly row_locks: boolean;
  /** The full-text engine behind the lexical index, as index manifests name it. */
  readonly lexical_engine: 'fts5' | 'pg-fts';
  /** A write blocks this thread until it is done (better-sqlite3), rather than awaiting a server (pg). */
  readonly blocking_writes: boolean;
  readonly sql: DialectSql;
}

/** The statements each database writes its own way. */
export interface DialectSql {
  /**
   * Where a chunker's lexical index is, as `lexicalSearchSql` takes it
   * (SQLite: the chunker's FTS5 table; PostgreSQL: '', one column for all),
   * or null when none of its chunks was ever indexed. Once made, it stays
   * where it is for the store's life.
   */
  lexicalIndexOf(executor: SqlExecutor, chunkerId: string): Promise<string | null>;
  /** The statement and parameters of one lexical query (FTS5 MATCH, or tsvector with BM25 weights) over `index`. */
  lexicalSearchSql(query: LexicalQuery, index: string): { sql: string; params: unknown[] };
  /**
   * Inserts a chunk set's rows and indexes them for lexical search (FTS5
   * rows beside them, or PostgreSQL's weighted tsvector column), in the
   * caller's transaction, in statements within `limits`.
   */
  insertChunks(tx: SqlExecutor, set: ChunkRows, limits: InsertLimits): Promise<void>;
  /** Index upkeep before a document's chunks are deleted for good (`cairn rm --purge`), in the deleting transaction. */
  beforeChunksDeleted(tx: SqlExecutor, documentId: number): Promise<void>;
  /** Bytes the store takes on disk (SQLite: the database file's pages; PostgreSQL: the schema's tables with their indexes). */
  storeBytes(executor: SqlExecutor): Promise<number>;
  /** The engine's own integrity checks, as problem lines; empty when all hold. */
  check(executor: SqlExecutor): Promise<string[]>;
  /** Whether the database refuses writes though the store opened for writing. */
  refusesWrites(executor: SqlExecutor): Promise<boolean>;
  /** Which of `names` are tables of the store's schema, asked without a statement that could fail. */
  tablesOf(executor: SqlExecutor, names: readonly string[]): Promise<Set<string>>;
  /** Serializes the processes making one store's schema, inside the transaction that makes it. */
  lockSchema(tx: SqlExecutor): Promise<void>;
  /** A vector as the `vector` columns bind it (SQLite: float32 bytes; PostgreSQL: `real[]`). */
  vectorParam(vector: Float32Array): unknown;
  /** A `vector` column's value as read back. */
  readVector(value: unknown): Float32Array;
  /**
   * 1 − cosine of `column` and the one `?` it holds (the query vector),
   * exactly, in SQL; with `extension`, through the vector extension
   * installed in that schema.
   */
  cosineDistanceSql(column: string, extension: VectorExtension | null): string;
  /** The vector extension the database has (PostgreSQL: pgvector), or null to score in plain SQL. */
  findVectorExtension(executor: SqlExecutor): Promise<VectorExtension | null>;
}

/** An installed vector extension: pgvector's, in the schema that holds its type. */
export interface VectorExtension {
  name: 'pgvector';
  schema: string;
}

export interface SqlExecutor {
  /** Rows of a statement that returns rows (SELECT, or anything with RETURNING). */
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a statement that returns no rows; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /**
   * Runs a one-row statement once per row, prepared once. Only where a
   * call costs less than a statement (SQLite, in process): `insertBatched`
   * uses it instead of multi-row statements.
   */
  runEach?(sql: string, rows: readonly (readonly unknown[])[]): Promise<RunEachResult>;
}

export interface RunEachResult {
  /** Rows changed, all statements. */
  changes: number;
  /** After each row's statement, the row id SQLite last inserted: that row's own, when an INSERT inserted it. */
  row_ids: number[];
}

/** A connection (or pool) with transactions; every error it throws is a `CairnError`. */
export interface SqlDriver extends SqlExecutor {
  readonly dialect: Dialect;
  /** A path or a URL without password, for messages. */
  readonly location: string;
  /** The database file on this machine, or null (in memory, or a server). */
  readonly file_path: string | null;
  /** Rows changed by this driver since it opened (inserts, updates, deletes). */
  readonly rows_written: number;
  /**
   * Runs `fn` in a write transaction: committed when it resolves, rolled back
   * when it throws. Only one transaction per driver runs at a time.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * A number that differs whenever another connection committed since the
   * last call (SQLite's `PRAGMA data_version`); absent where the database
   * offers nothing so cheap. This connection's own writes do not change it.
   */
  others_commit_stamp?(): number;
  /**
   * `run`, waiting at most `wait_ms` for a lock another connection holds,
   * then failing with `store_busy`. Only SQLite has it: its busy wait blocks
   * the thread, so a server must not wait the whole busy timeout. The
   * wait is spent between attempts that do not wait, so the thread's event
   * loop stays free while another connection holds the lock.
   */
  run_briefly?(sql: string, params: readonly unknown[], wait_ms: number): Promise<number>;
  close(): Promise<void>;
}

export interface DriverOptions {
  /** Called before every statement (BEGIN and COMMIT included): tests kill the process here. */
  on_statement?: StatementHook;
}
