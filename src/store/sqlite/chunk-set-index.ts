import type { SqlExecutor } from '../sql-driver.js';

/**
 * SQLite's lexical index is one contentless FTS5 table per chunker
 * (`chunks_fts_<n>`, `n` its row in `lexical_sets`), not one for every
 * chunk set. FTS5's `bm25()` counts each term's documents over its whole
 * table on every query, so in one shared table a search of one chunker paid
 * for every other chunker's rows: SQuAD's 863 chunks beside a 29,000-chunk
 * eCFR token set took 3.3 ms a query against 0.43 ms in a table of their
 * own. A table per chunker also makes a term's idf its chunker's own, as
 * PostgreSQL counts it.
 */
export const LEXICAL_SETS_SQL =
  'CREATE TABLE lexical_sets (id INTEGER PRIMARY KEY, chunker_id TEXT NOT NULL UNIQUE)';

/** The FTS5 table of lexical set `id`: a name made of an integer, so never user text. */
export function chunkSetIndexTable(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`lexical set id ${id}`);
  return `chunks_fts_${id}`;
}

function createIndexTableSql(table: string): string {
  return (
    `CREATE VIRTUAL TABLE ${table} USING fts5 (text, heading, content = '', ` +
    "contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2')"
  );
}

/** The FTS5 table of `chunkerId`'s chunks, or null while none of them was ever indexed. */
export async function chunkSetIndexOf(
  executor: SqlExecutor,
  chunkerId: string,
): Promise<string | null> {
  const [row] = await executor.all<{ id: number }>(
    'SELECT id FROM lexical_sets WHERE chunker_id = ?',
    [chunkerId],
  );
  return row === undefined ? null : chunkSetIndexTable(Number(row.id));
}

/** The FTS5 table of `chunkerId`'s chunks, made in the caller's transaction the first time. */
export async function ensureChunkSetIndex(tx: SqlExecutor, chunkerId: string): Promise<string> {
  const found = await chunkSetIndexOf(tx, chunkerId);
  if (found !== null) return found;
  const [row] = await tx.all<{ id: number }>(
    'INSERT INTO lexical_sets (chunker_id) VALUES (?) RETURNING id',
    [chunkerId],
  );
  const table = chunkSetIndexTable(Number(row!.id));
  await tx.run(createIndexTableSql(table));
  return table;
}

/** Every chunker's FTS5 table. */
export async function chunkSetIndexes(
  executor: SqlExecutor,
): Promise<{ chunker_id: string; table: string }[]> {
  const rows = await executor.all<{ id: number; chunker_id: string }>(
    'SELECT id, chunker_id FROM lexical_sets ORDER BY id',
  );
  return rows.map((row) => ({
    chunker_id: String(row.chunker_id),
    table: chunkSetIndexTable(Number(row.id)),
  }));
}
