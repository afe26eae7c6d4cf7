import { CairnError } from '../../errors.js';
import { insertBatched } from '../insert-batched.js';
import type { IndexedChunkSet, SqlExecutor } from '../sql-driver.js';

/** SQLITE_MAX_VARIABLE_NUMBER since 3.32. */
export const SQLITE_MAX_PARAMETERS = 32766;

/**
 * Indexes a chunk set just inserted, in the inserting transaction: one FTS5
 * row per chunk, keyed by the chunk's row id, with its text, heading
 * field and chunker (so a search scores its own chunk set's rows only). The index is contentless (migration 009), so SQLite does not keep
 * it in step with the chunks table: the writer does, here.
 */
export async function indexChunkSet(tx: SqlExecutor, set: IndexedChunkSet): Promise<void> {
  const ids = await tx.all<{ id: number; chunk_id: string }>(
    'SELECT id, chunk_id FROM chunks WHERE version_id = ? AND chunker_id = ?',
    [set.version_id, set.chunker_id],
  );
  const byChunkId = new Map(set.chunks.map((chunk) => [chunk.chunk_id, chunk]));
  const rows = ids.map(({ id, chunk_id }) => {
    const chunk = byChunkId.get(chunk_id);
    if (chunk === undefined) {
      throw new CairnError(
        'internal_invariant',
        `Chunk ${chunk_id} of version ${set.version_id} was stored but not given to the lexical index`,
      );
    }
    return [Number(id), chunk.text, chunk.heading, set.chunker_id];
  });
  await insertBatched(
    tx,
    { table: 'chunks_fts', columns: ['rowid', 'text', 'heading', 'chunker_id'], rows },
    { max_parameters: SQLITE_MAX_PARAMETERS },
  );
}
