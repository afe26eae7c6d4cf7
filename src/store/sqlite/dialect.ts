import type { Dialect } from '../sql-driver.js';
import { checkSqliteStore } from './check-store.js';
import { chunkSetIndexes, chunkSetIndexOf } from './chunk-set-index.js';
import { insertChunks } from './insert-chunks.js';
import { sqliteLexicalSearchSql } from './lexical-search-sql.js';
import { SQLITE_MAX_PARAMETERS } from './sql-limits.js';

export const SQLITE_DIALECT: Dialect = {
  name: 'sqlite',
  max_parameters: SQLITE_MAX_PARAMETERS,
  row_locks: false,
  lexical_engine: 'fts5',
  blocking_writes: true,
  sql: {
    lexicalIndexOf: chunkSetIndexOf,
    lexicalSearchSql: sqliteLexicalSearchSql,
    insertChunks,
    async beforeChunksDeleted(tx, documentId) {
      // contentless_delete: a row is forgotten by its rowid alone
      for (const { chunker_id, table } of await chunkSetIndexes(tx)) {
        await tx.run(
          `DELETE FROM ${table} WHERE rowid IN (SELECT id FROM chunks WHERE document_id = ? AND chunker_id = ?)`,
          [documentId, chunker_id],
        );
      }
    },
    async storeBytes(executor) {
      const [row] = await executor.all<Record<string, unknown>>(
        'SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()',
      );
      return Number(row?.bytes ?? 0);
    },
    check: checkSqliteStore,
    // A file this process may not write is found when the store opens, and refused there.
    refusesWrites: async () => false,
    async tablesOf(executor, names) {
      const rows = await executor.all<{ name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${names.map(() => '?').join(', ')})`,
        names,
      );
      return new Set(rows.map((row) => String(row.name)));
    },
    // BEGIN IMMEDIATE holds the database's one write lock for the whole transaction already.
    lockSchema: async () => {},
    vectorParam: (vector) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
    readVector(value) {
      const bytes = value as Uint8Array;
      // copied: a Buffer's offset into its pool need not be 4-aligned
      return new Float32Array(new Uint8Array(bytes).buffer);
    },
    cosineDistanceSql: (column) => `vec_distance_cosine(${column}, ?)`,
    // sqlite-vec is loaded into every connection (driver.ts)
    findVectorExtension: async () => null,
  },
};
