import { CHUNK_INSERT_COLUMNS, type ChunkRows } from '../chunk-rows.js';
import { arrayBatches, columnArrays, type InsertLimits } from '../insert-batched.js';
import type { SqlExecutor } from '../sql-driver.js';
import { weightedTsvectorSql } from './lexical-search-sql.js';

const PER_SET = CHUNK_INSERT_COLUMNS.filter((column) => column.per_set);
const PER_CHUNK = CHUNK_INSERT_COLUMNS.filter((column) => !column.per_set);

/**
 * One statement for a batch: the values the set shares bound once, each
 * per-chunk column as one array, unnested into rows, and each row's
 * weighted tsvector computed from its unnested text and heading field
 * (the whole text, also where the row keeps none), so the statement has a
 * handful of parameters. `unnest` yields the arrays in order, so the row ids follow
 * the chunks' order as a multi-row VALUES gives them.
 */
const INSERT_CHUNKS =
  `INSERT INTO chunks (${CHUNK_INSERT_COLUMNS.map((column) => column.name).join(', ')}, tsv) ` +
  `SELECT ${CHUNK_INSERT_COLUMNS.map((column) => (column.per_set ? `?::${column.pg_type}` : `u.${column.name}`)).join(', ')}, ` +
  `${weightedTsvectorSql('u.full_text', 'u.heading')} ` +
  `FROM unnest(${[...PER_CHUNK.map((column) => `?::${column.pg_type}[]`), '?::text[]', '?::text[]'].join(', ')}) ` +
  `AS u(${[...PER_CHUNK.map((column) => column.name), 'full_text', 'heading'].join(', ')})`;

/** Inserts a chunk set's rows with their text-search vectors, in the caller's transaction. */
export async function insertChunks(
  tx: SqlExecutor,
  set: ChunkRows,
  limits: InsertLimits,
): Promise<void> {
  const shared = PER_SET.map((column) => column.value(set, 0));
  for (const batch of arrayBatches(set.chunks.length, limits)) {
    const arrays = columnArrays(PER_CHUNK.length, batch, (column, i) =>
      PER_CHUNK[column]!.value(set, i),
    );
    const texts = set.chunks.slice(batch.from, batch.to).map((chunk) => chunk.text);
    await tx.run(INSERT_CHUNKS, [
      ...shared,
      ...arrays,
      texts,
      set.headings.slice(batch.from, batch.to),
    ]);
  }
}
