import type { Dialect, SqlExecutor } from './sql-driver.js';

/** One schema change; each dialect has its own files under the same numbers. */
export interface Migration {
  /** 1, 2, 3 ...: applied in order, each once, recorded in `schema_migrations`. */
  version: number;
  name: string;
  /** Statements separated by `;` at line ends; no statement holds a `;` of its own. */
  sql: string;
  /**
   * The migration copies a table into a new one and drops the old (SQLite
   * cannot drop a constraint): the dialect runs it with foreign-key
   * enforcement off, which would otherwise cascade the drop, and checks
   * every reference before it commits.
   */
  rebuilds_tables?: boolean;
  /**
   * Rows that SQL alone cannot write, run after `sql` in the same
   * transaction (a re-index that resolves each chunk's heading path from
   * the sections table as the store's code does).
   */
  run?(tx: SqlExecutor, dialect: Dialect): Promise<void>;
}
