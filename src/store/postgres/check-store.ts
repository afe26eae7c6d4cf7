import type { SqlExecutor } from '../sql-driver.js';

/**
 * Beyond the shared checks, the lexical index: every chunk row carries its
 * text-search vector, which the chunk insert writes (no longer a generated
 * column). The server checks its own pages and enforces foreign keys as it
 * writes.
 */
export async function checkPostgresStore(executor: SqlExecutor): Promise<string[]> {
  const [row] = await executor.all<Record<string, unknown>>(
    'SELECT count(*) AS missing FROM chunks WHERE tsv IS NULL',
  );
  const missing = Number(row?.missing ?? 0);
  return missing === 0
    ? []
    : [`lexical index: ${missing} stored chunks have no text-search vector`];
}
