import { headingFieldMaker } from './heading-field.js';
import { readChunkRows } from './read-chunk-rows.js';
import { CHUNK_COLUMNS } from './row-mappers.js';
import type { SqlExecutor } from './sql-driver.js';

/** A stored chunk as the lexical index takes it. */
export interface StoredHeadingField {
  id: number;
  text: string;
  heading: string;
  chunker_id: string;
}

/** Chunk rows one page reads at most. */
const PAGE_ROWS = 2000;

/**
 * Every stored chunk with its text and heading field, a page at a time in
 * row id order, made whole as reads make them (`readChunkRows`): the row
 * the chunk's ingest wrote to the lexical index (the store-floor benchmark
 * replays them). Resolves to the chunks read.
 */
export async function forEachStoredHeadingField(
  tx: SqlExecutor,
  fn: (page: StoredHeadingField[]) => Promise<void>,
): Promise<number> {
  let after = 0;
  let count = 0;
  const headingField = headingFieldMaker();
  for (;;) {
    const rows = await tx.all<Record<string, unknown>>(
      `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE id > ? ORDER BY id LIMIT ?`,
      [after, PAGE_ROWS],
    );
    if (rows.length === 0) return count;
    const chunks = await readChunkRows(tx, rows);
    await fn(
      chunks.map((chunk) => ({
        id: chunk.id,
        text: chunk.text,
        heading: headingField(chunk.heading_path),
        chunker_id: chunk.chunker_id,
      })),
    );
    count += rows.length;
    // ids only grow, so the loop ends on any table
    after = Number(rows.at(-1)!.id);
  }
}
