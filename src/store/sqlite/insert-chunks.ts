import { CairnError } from '../../errors.js';
import { CHUNK_INSERT_COLUMNS, type ChunkRows } from '../chunk-rows.js';
import type { SqlExecutor } from '../sql-driver.js';
import { ensureChunkSetIndex } from './chunk-set-index.js';

const INSERT_CHUNK = `INSERT INTO chunks (${CHUNK_INSERT_COLUMNS.map((c) => c.name).join(', ')}) VALUES (${CHUNK_INSERT_COLUMNS.map(() => '?').join(', ')})`;

/**
 * Inserts a chunk set's rows, then indexes them, in the caller's
 * transaction: one row per chunk in its chunker's FTS5 table
 * (`chunk-set-index.ts`), keyed by the row id its insert gave it, with its
 * text and heading field. The index is contentless, so SQLite does not
 * keep it in step with the chunks table: the writer does, here.
 */
export async function insertChunks(tx: SqlExecutor, set: ChunkRows): Promise<void> {
  if (set.chunks.length === 0) return;
  if (tx.runEach === undefined) {
    throw new CairnError('internal_invariant', 'The SQLite executor has no runEach');
  }
  const rows = set.chunks.map((_, i) =>
    CHUNK_INSERT_COLUMNS.map((column) =>
      column.name === 'hash' ? hashValue(set.chunks[i]!.hash) : column.value(set, i),
    ),
  );
  const { row_ids: ids } = await tx.runEach(INSERT_CHUNK, rows);
  const table = await ensureChunkSetIndex(tx, set.chunker_id);
  await tx.runEach(
    `INSERT INTO ${table} (rowid, text, heading) VALUES (?, ?, ?)`,
    set.chunks.map((chunk, i) => [ids[i], chunk.text, set.headings[i]]),
  );
}

/** A sha256 hex as its 32 bytes (half the row's bytes for it); any other hash as the text it is. */
function hashValue(hash: string): string | Buffer {
  return /^[0-9a-f]{64}$/.test(hash) ? Buffer.from(hash, 'hex') : hash;
}
