import type { SqlExecutor } from '../sql-driver.js';

/**
 * Nothing beyond the shared checks: the server checks its own pages and
 * enforces foreign keys as it writes, and the text-search vector is a
 * generated column, so no write can leave it behind.
 */
export async function checkPostgresStore(_executor: SqlExecutor): Promise<string[]> {
  return [];
}
