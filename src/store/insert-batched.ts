import type { SqlExecutor } from './sql-driver.js';

export interface BatchedInsert {
  table: string;
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  /** Appended to every statement, e.g. `ON CONFLICT DO NOTHING`. */
  suffix?: string;
  /**
   * Each column's PostgreSQL type: where the executor runs no row statements
   * (PostgreSQL), each column is bound as one array and unnested into rows;
   * a multi-row VALUES of 65k parameters cost the server about twice the CPU
   * to parse and plan, and the client its gathering, for the eCFR's 250k
   * section rows. Without them rows go in as VALUES.
   */
  pg_types?: readonly string[];
}

export interface InsertLimits {
  /** The dialect's bound-parameter limit per statement. */
  max_parameters: number;
  /** Rows per statement at most, below what the parameter limit allows (tests use tiny batches). */
  max_rows?: number;
}

/** Rows one column-array statement inserts at most: its arrays travel as text literals, so this bounds their size. */
const ROWS_PER_ARRAY_STATEMENT = 10_000;

/** Rows [from, to) of one column-array statement. */
export interface ArrayBatch {
  from: number;
  to: number;
}

/** `count` rows cut into column-array statements: at most ROWS_PER_ARRAY_STATEMENT each, or `limits.max_rows`. */
export function* arrayBatches(count: number, limits: InsertLimits): Generator<ArrayBatch> {
  const perStatement = Math.max(1, Math.min(ROWS_PER_ARRAY_STATEMENT, limits.max_rows ?? Infinity));
  for (let from = 0; from < count; from += perStatement) {
    yield { from, to: Math.min(count, from + perStatement) };
  }
}

/** One array per column of a batch's rows, `valueAt(column, row)` each. */
export function columnArrays(
  columns: number,
  batch: ArrayBatch,
  valueAt: (column: number, row: number) => unknown,
): unknown[][] {
  return Array.from({ length: columns }, (_, column) => {
    const values = new Array<unknown>(batch.to - batch.from);
    for (let row = batch.from; row < batch.to; row++)
      values[row - batch.from] = valueAt(column, row);
    return values;
  });
}

/**
 * Multi-row INSERTs, each under the dialect's bound-parameter limit (or
 * one prepared row statement run per row, where the executor has
 * `runEach`); the caller runs them inside its transaction. Resolves to the
 * rows inserted.
 */
export async function insertBatched(
  executor: SqlExecutor,
  insert: BatchedInsert,
  limits: InsertLimits,
): Promise<number> {
  const { columns, rows } = insert;
  if (rows.length === 0) return 0;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const perRow = columns.length;
  for (const row of rows) {
    if (row.length !== perRow) {
      throw new RangeError(`insertBatched: row of ${row.length} values for ${perRow} parameters`);
    }
  }
  const head = `INSERT INTO ${insert.table} (${columns.join(', ')}) VALUES `;
  const suffix = insert.suffix ? ` ${insert.suffix}` : '';
  // SQLite: one prepared row statement per row beat multi-row statements, whose 32k parameters are gathered and spread per call.
  if (executor.runEach) return (await executor.runEach(head + tuple + suffix, rows)).changes;
  if (insert.pg_types !== undefined) {
    return insertColumnArrays(executor, insert, insert.pg_types, limits);
  }
  const perStatement = Math.max(
    1,
    Math.min(
      limits.max_rows ?? Number.POSITIVE_INFINITY,
      Math.floor(limits.max_parameters / perRow),
    ),
  );
  let inserted = 0;
  for (let at = 0; at < rows.length; at += perStatement) {
    const batch = rows.slice(at, at + perStatement);
    const params: unknown[] = [];
    for (const row of batch) for (const value of row) params.push(value);
    inserted += await executor.run(
      head + new Array(batch.length).fill(tuple).join(', ') + suffix,
      params,
    );
  }
  return inserted;
}

/**
 * `INSERT ... SELECT FROM unnest(?::type[], ...)`: a handful of parameters
 * whatever the rows; `unnest` yields the arrays in order, so rows go in
 * (and `ON CONFLICT DO NOTHING` keeps the first of a repeated key) as a
 * multi-row VALUES has them.
 */
async function insertColumnArrays(
  executor: SqlExecutor,
  insert: BatchedInsert,
  types: readonly string[],
  limits: InsertLimits,
): Promise<number> {
  const { columns, rows } = insert;
  if (types.length !== columns.length) {
    throw new RangeError(`insertBatched: ${types.length} types for ${columns.length} columns`);
  }
  const sql =
    `INSERT INTO ${insert.table} (${columns.join(', ')}) SELECT * FROM unnest(${types.map((type) => `?::${type}[]`).join(', ')})` +
    (insert.suffix ? ` ${insert.suffix}` : '');
  let inserted = 0;
  for (const batch of arrayBatches(rows.length, limits)) {
    inserted += await executor.run(
      sql,
      columnArrays(columns.length, batch, (column, row) => rows[row]![column]),
    );
  }
  return inserted;
}
