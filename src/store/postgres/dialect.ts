import type { Dialect } from '../sql-driver.js';
import { checkPostgresStore } from './check-store.js';
import { insertChunks } from './insert-chunks.js';
import { postgresLexicalSearchSql } from './lexical-search-sql.js';

export const POSTGRES_DIALECT: Dialect = {
  name: 'postgres',
  // The wire protocol counts parameters in a 16-bit field.
  max_parameters: 65535,
  row_locks: true,
  lexical_engine: 'pg-fts',
  blocking_writes: false,
  sql: {
    lexicalIndexOf: async () => '',
    lexicalSearchSql: postgresLexicalSearchSql,
    insertChunks,
    // The tsvector column goes with its row.
    beforeChunksDeleted: async () => {},
    async storeBytes(executor) {
      const [row] = await executor.all<Record<string, unknown>>(
        "SELECT COALESCE(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'",
      );
      return Number(row?.bytes ?? 0);
    },
    check: checkPostgresStore,
    /**
     * A hot standby, `default_transaction_read_only`, or a role without
     * INSERT on the tables: asked without writing anything.
     */
    async refusesWrites(executor) {
      const [row] = await executor.all<Record<string, unknown>>(
        "SELECT current_setting('transaction_read_only') AS read_only, has_table_privilege('rag_traces', 'INSERT') AS may_insert",
      );
      return row?.read_only === 'on' || row?.may_insert === false;
    },
    async tablesOf(executor, names) {
      const rows = await executor.all<{ name: string }>(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ANY(?::text[])',
        [names],
      );
      return new Set(rows.map((row) => String(row.name)));
    },
    async lockSchema(tx) {
      // One process makes a schema's tables at a time; the lock ends with the transaction.
      await tx.all('SELECT pg_advisory_xact_lock(hashtext(current_schema()))');
    },
    vectorParam: (vector) => Array.from(vector),
    readVector: (value) => Float32Array.from(value as number[]),
    cosineDistanceSql(column, extension) {
      if (extension !== null) {
        // pgvector's exact cosine distance in C; NaN for a zero vector, which has no direction: 1
        const ns = quoteIdent(extension.schema);
        return `(SELECT CASE WHEN x = 'NaN' THEN 1 ELSE x END FROM (SELECT ${column}::${ns}.vector OPERATOR(${ns}.<=>) ?::real[]::${ns}.vector AS x) AS pgv)`;
      }
      // exact cosine over real[] in double precision; 1 (no direction) when either vector is zero
      return `(SELECT 1 - COALESCE(SUM(a::float8 * b) / NULLIF(SQRT(SUM(a::float8 * a)) * SQRT(SUM(b::float8 * b)), 0), 0) FROM unnest(${column}, ?::real[]) AS t(a, b))`;
    },
    async findVectorExtension(executor) {
      const [row] = await executor.all<Record<string, unknown>>(
        "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'",
      );
      return row === undefined ? null : { name: 'pgvector', schema: String(row.schema) };
    },
  },
};

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
