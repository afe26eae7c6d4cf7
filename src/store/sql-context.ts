import type { InsertLimits } from './insert-batched.js';
import type { Dialect, SqlDriver, SqlExecutor } from './sql-driver.js';
import type { WriteCounter } from './write-counter.js';

/** What the parts of the SQL store share. */
export interface SqlStoreContext {
  readonly driver: SqlDriver;
  readonly limits: InsertLimits;
  /** Version and chunk set writes, which the lexical index state cache watches. */
  readonly index_writes: WriteCounter;
}

/** What the statements of one write transaction share. */
export interface WriteTx {
  readonly tx: SqlExecutor;
  readonly dialect: Dialect;
  readonly limits: InsertLimits;
  /** The transaction's timestamp, on every row it writes. */
  readonly now: string;
}

/**
 * Thrown inside a write transaction to roll it back when another writer
 * got there first (the document moved, or the chunk set was claimed).
 */
export const STALE = Symbol('stale');

/** The first row a statement returns, if any. */
export async function selectOne(
  executor: SqlExecutor,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Record<string, unknown> | undefined> {
  return (await executor.all<Record<string, unknown>>(sql, params))[0];
}
