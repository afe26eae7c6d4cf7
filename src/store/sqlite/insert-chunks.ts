import { CairnError } from '../../errors.js';
import { CHUNK_INSERT_COLUMNS, type ChunkRows } from '../chunk-rows.js';
import type { SqlExecutor } from '../sql-driver.js';

/** SQLITE_MAX_VARIABLE_NUMBER since 3.32. */
export const SQLITE_MAX_PARAMETERS = 32766;

const INSERT_CHUNK = `INSERT INTO chunks (${CHUNK_INSERT_COLUMNS.map((c) => c.name).join(', ')}) VALUES (${CHUNK_INSERT_COLUMNS.map(() => '?').join(', ')})`;
const INSERT_INDEX_ROW =
  'INSERT INTO chunks_fts (rowid, text, heading, chunker_id) VALUES (?, ?, ?, ?)';

/**
 * Inserts a chunk set's rows, then indexes them, in the caller's
 * transaction: one FTS5 row per chunk, keyed by the row id its insert gave
 * it, with its text, heading field and chunker (so a search scores its own
 * chunk set's rows only). The index is contentless (migration 009), so
 * SQLite does not keep it in step with the chunks table: the writer does, here.
 */
export async function insertChunks(tx: SqlExecutor, set: ChunkRows): Promise<void> {
  if (set.chunks.length === 0) return;
  if (tx.runEach === undefined) {
    throw new CairnError('internal_invariant', 'The SQLite executor has no runEach');
  }
  const rows = set.chunks.map((_, i) => CHUNK_INSERT_COLUMNS.map((column) => column.value(set, i)));
  const { row_ids: ids } = await tx.runEach(INSERT_CHUNK, rows);
  await tx.runEach(
    INSERT_INDEX_ROW,
    set.chunks.map((chunk, i) => [ids[i], chunk.text, set.headings[i], set.chunker_id]),
  );
}
