import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The test server (machine notes): trust auth, database `test`. */
export const PG_URL = process.env.CAIRN_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** null when PostgreSQL answers; else why not (printed when its tests skip). */
export async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${PG_URL} is not reachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A schema name no other run uses. */
export function uniqueSchema(prefix = 'cairn_t'): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function pgQuery<T = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function dropSchema(schema: string): Promise<void> {
  await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

/**
 * PostgreSQL tests skip with a printed reason when no server answers,
 * except under CI=true, where the suite must run: then they fail.
 */
export async function postgresSkipReason(): Promise<string | null> {
  const reason = await probePostgres();
  if (reason !== null) {
    if (process.env.CI === 'true')
      throw new Error(`${reason}; CI=true requires the PostgreSQL tests to run`);
    console.warn(`skipping PostgreSQL tests: ${reason}`);
  }
  return reason;
}

/** The store's tables in an order that satisfies foreign keys (documents' current version set afterwards). */
const TABLES = [
  'documents',
  'document_versions',
  'chunk_sets',
  'chunks',
  'redirects',
  'seen_files',
] as const;
const IDENTITY_TABLES = ['documents', 'document_versions', 'chunks', 'redirects'] as const;

/** Copies the store's rows of `schema` into `base` (replacing what `base` held). */
export async function snapshotSchema(schema: string, base: string): Promise<void> {
  const columns = await writableColumns(schema);
  await pgQuery(
    `DROP SCHEMA IF EXISTS ${base} CASCADE; CREATE SCHEMA ${base}; ${TABLES.map((t) => `CREATE TABLE ${base}.${t} AS SELECT ${columns.get(t)} FROM ${schema}.${t};`).join(' ')}`,
  );
}

/** Each table's columns a row copy may write, in table order: generated ones are the server's to compute. */
async function writableColumns(schema: string): Promise<Map<string, string>> {
  const rows = await pgQuery<{ table_name: string; columns: string }>(
    "SELECT table_name, string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS columns FROM information_schema.columns WHERE table_schema = $1 AND is_generated = 'NEVER' GROUP BY table_name",
    [schema],
  );
  return new Map(rows.map((r) => [r.table_name, r.columns]));
}

/** Puts the rows of `base` back into `schema`, identity sequences included. */
export async function restoreSchema(schema: string, base: string): Promise<void> {
  const columns = await writableColumns(schema);
  const copy = (t: string) =>
    `INSERT INTO ${schema}.${t} (${columns.get(t)}) OVERRIDING SYSTEM VALUE SELECT ${columns.get(t)} FROM ${base}.${t};`;
  await pgQuery(
    [
      'BEGIN;',
      `TRUNCATE ${TABLES.map((t) => `${schema}.${t}`).join(', ')} RESTART IDENTITY CASCADE;`,
      `INSERT INTO ${schema}.documents OVERRIDING SYSTEM VALUE SELECT id, doc_uid, source_url, media_type, format, title, NULL, created_at, updated_at FROM ${base}.documents;`,
      copy('document_versions'),
      `UPDATE ${schema}.documents d SET current_version_id = b.current_version_id FROM ${base}.documents b WHERE b.id = d.id;`,
      copy('chunk_sets'),
      copy('chunks'),
      copy('redirects'),
      copy('seen_files'),
      ...IDENTITY_TABLES.map(
        (t) =>
          `SELECT setval(pg_get_serial_sequence('${schema}.${t}', 'id'), COALESCE((SELECT MAX(id) FROM ${schema}.${t}), 0) + 1, false);`,
      ),
      'COMMIT;',
    ].join(' '),
  );
}
