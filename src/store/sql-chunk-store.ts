import { checkStore } from './check-store.js';
import { createSqlChunkSetStore } from './sql-chunk-set-store.js';
import { type SqlStoreContext, selectOne } from './sql-context.js';
import { createSqlDocumentStore } from './sql-document-store.js';
import type { SqlDriver } from './sql-driver.js';
import { createSqlLayoutStore } from './sql-layout-store.js';
import { createSqlLexicalIndex } from './sql-lexical-index.js';
import { createSqlSeenFileStore } from './sql-seen-file-store.js';
import { createSqlStoreInventory } from './sql-store-inventory.js';
import { createSqlTraceStore } from './sql-trace-store.js';
import { createSqlVectorStore } from './sql-vector-store.js';
import type { ChunkStore, StoreCounts } from './types.js';
import { WriteCounter } from './write-counter.js';

export interface SqlChunkStoreOptions {
  /** Rows per INSERT at most (default: as many as the parameter limit allows). */
  batch_rows?: number;
  /** The driver was opened for reading only. */
  read_only?: boolean;
}

/**
 * The one `ChunkStore`, over either driver: its parts share the SQL, and
 * take what differs between the databases from the driver's dialect.
 */
export function createSqlChunkStore(
  driver: SqlDriver,
  options: SqlChunkStoreOptions = {},
): ChunkStore {
  const ctx: SqlStoreContext = {
    driver,
    limits: {
      max_parameters: driver.dialect.max_parameters,
      ...(options.batch_rows === undefined ? {} : { max_rows: options.batch_rows }),
    },
    index_writes: new WriteCounter(),
  };
  const readOnly = options.read_only === true;
  return {
    dialect: driver.dialect.name,
    location: driver.location,
    read_only: readOnly,
    capabilities: {
      lexical_engine: driver.dialect.lexical_engine,
      blocking_writes: driver.dialect.blocking_writes,
      file_path: driver.file_path,
    },
    get rows_written() {
      return driver.rows_written;
    },
    ...createSqlDocumentStore(ctx),
    ...createSqlChunkSetStore(ctx),
    ...createSqlSeenFileStore(ctx),
    ...createSqlTraceStore(ctx),
    ...createSqlLexicalIndex(ctx),
    ...createSqlStoreInventory(ctx),
    ...createSqlVectorStore(ctx),
    ...createSqlLayoutStore(ctx),
    counts: () => countRows(driver),
    check: () => checkStore(driver),
    refusesWrites: async () => readOnly || driver.dialect.sql.refusesWrites(driver),
    close: () => driver.close(),
  };
}

async function countRows(driver: SqlDriver): Promise<StoreCounts> {
  const tables = [
    'documents',
    'document_versions',
    'chunks',
    'redirects',
    'chunk_sets',
    'seen_files',
  ] as const;
  const [documents, versions, chunks, redirects, chunk_sets, seen_files] = await Promise.all(
    tables.map(async (table) =>
      Number((await selectOne(driver, `SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0),
    ),
  );
  return {
    documents: documents!,
    versions: versions!,
    chunks: chunks!,
    redirects: redirects!,
    chunk_sets: chunk_sets!,
    seen_files: seen_files!,
  };
}
