import type { SqlExecutor } from '../sql-driver.js';

/**
 * SQLite's own integrity and foreign-key checks, and the lexical index's
 * row count: FTS5 keeps one docsize row per indexed chunk, so a count apart
 * means a chunk write missed the index.
 */
export async function checkSqliteStore(executor: SqlExecutor): Promise<string[]> {
  const problems: string[] = [];
  const integrity = await executor.all<{ integrity_check: string }>('PRAGMA integrity_check');
  for (const row of integrity)
    if (row.integrity_check !== 'ok') problems.push(`integrity_check: ${row.integrity_check}`);
  const foreign = await executor.all<Record<string, unknown>>('PRAGMA foreign_key_check');
  for (const row of foreign) problems.push(`foreign_key_check: ${JSON.stringify(row)}`);
  const [fts] = await executor.all<Record<string, unknown>>(
    'SELECT (SELECT COUNT(*) FROM chunks_fts_docsize) AS indexed, (SELECT COUNT(*) FROM chunks) AS stored',
  );
  if (Number(fts?.indexed) !== Number(fts?.stored))
    problems.push(`lexical index: ${fts?.indexed} indexed chunks, ${fts?.stored} stored`);
  return problems;
}
