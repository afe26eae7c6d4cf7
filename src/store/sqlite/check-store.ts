import type { SqlExecutor } from '../sql-driver.js';
import { chunkSetIndexes } from './chunk-set-index.js';

/**
 * SQLite's own integrity and foreign-key checks, and each chunker's
 * lexical index row count: FTS5 keeps one docsize row per indexed chunk,
 * so a count apart from the chunker's stored chunks means a chunk write
 * missed the index.
 */
export async function checkSqliteStore(executor: SqlExecutor): Promise<string[]> {
  const problems: string[] = [];
  const integrity = await executor.all<{ integrity_check: string }>('PRAGMA integrity_check');
  for (const row of integrity)
    if (row.integrity_check !== 'ok') problems.push(`integrity_check: ${row.integrity_check}`);
  const foreign = await executor.all<Record<string, unknown>>('PRAGMA foreign_key_check');
  for (const row of foreign) problems.push(`foreign_key_check: ${JSON.stringify(row)}`);
  const stored = new Map<string, number>();
  for (const row of await executor.all<{ chunker_id: string; n: number }>(
    'SELECT chunker_id, COUNT(*) AS n FROM chunks GROUP BY chunker_id',
  )) {
    stored.set(String(row.chunker_id), Number(row.n));
  }
  for (const { chunker_id, table } of await chunkSetIndexes(executor)) {
    const [row] = await executor.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}_docsize`);
    const indexed = Number(row?.n);
    const count = stored.get(chunker_id) ?? 0;
    stored.delete(chunker_id);
    if (indexed !== count)
      problems.push(`lexical index of ${chunker_id}: ${indexed} indexed chunks, ${count} stored`);
  }
  for (const [chunker_id, count] of stored)
    problems.push(`lexical index of ${chunker_id}: none, ${count} stored chunks`);
  return problems;
}
