import type { SqlExecutor } from './sql-driver.js';

export interface BatchedInsert {
  table: string;
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  /** Appended to every statement, e.g. `ON CONFLICT DO NOTHING`. */
  suffix?: string;
}

export interface InsertLimits {
  /** The dialect's bound-parameter limit per statement. */
  max_parameters: number;
  /** Rows per statement at most, below what the parameter limit allows (tests use tiny batches). */
  max_rows?: number;
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
