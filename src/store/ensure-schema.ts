import { CairnError } from '../errors.js';
import type { SqlDriver, SqlExecutor } from './sql-driver.js';

/**
 * The schema version this cairn writes and reads. A store records its own
 * in `cairn_schema`; any other is refused, never converted: a store is
 * rebuilt from its documents by ingesting them again.
 */
export const SCHEMA_VERSION = 16;

export interface EnsureSchemaOptions {
  /** Only check: a store opened read-only is never created. */
  readonly?: boolean;
  /** Refuse a store with no schema at all (nothing was ever ingested there) instead of creating one. */
  must_exist?: boolean;
}

/**
 * Makes the schema in an empty database, in one transaction, or checks the
 * version of the one there. Opening a current store writes nothing. Several
 * processes making one store at once serialize here (SQLite's write lock, a
 * PostgreSQL advisory lock), and the second finds the first one's schema.
 */
export async function ensureSchema(
  driver: SqlDriver,
  schema: readonly string[],
  options: EnsureSchemaOptions = {},
): Promise<void> {
  const found = await readSchemaVersion(driver, driver);
  if (found !== null) return checkVersion(found, driver);
  if (options.must_exist || options.readonly) {
    throw new CairnError(
      'store_unavailable',
      `No cairn store at ${driver.location}: run cairn ingest first`,
      { details: { location: driver.location } },
    );
  }
  await driver.transaction(async (tx) => {
    await driver.dialect.sql.lockSchema(tx);
    const raced = await readSchemaVersion(driver, tx);
    if (raced !== null) return checkVersion(raced, driver);
    for (const statement of schema) await tx.run(statement);
    await tx.run(
      'CREATE TABLE cairn_schema (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)',
    );
    await tx.run('INSERT INTO cairn_schema (id, version) VALUES (1, ?)', [SCHEMA_VERSION]);
  });
}

/**
 * The version the store records; 0 for a store of a cairn from before the
 * version was recorded (it kept `schema_migrations`); null for an empty
 * database.
 */
async function readSchemaVersion(driver: SqlDriver, executor: SqlExecutor): Promise<number | null> {
  const tables = await driver.dialect.sql.tablesOf(executor, ['cairn_schema', 'schema_migrations']);
  if (tables.has('cairn_schema')) {
    const [row] = await executor.all<{ version: number }>(
      'SELECT version FROM cairn_schema WHERE id = 1',
    );
    return row === undefined ? 0 : Number(row.version);
  }
  return tables.has('schema_migrations') ? 0 : null;
}

function checkVersion(found: number, driver: SqlDriver): void {
  if (found === SCHEMA_VERSION) return;
  const details = { location: driver.location, version: found, expected: SCHEMA_VERSION };
  if (found > SCHEMA_VERSION) {
    throw new CairnError(
      'store_schema_mismatch',
      `The store at ${driver.location} has schema version ${found}, newer than this cairn reads (${SCHEMA_VERSION}): upgrade cairn`,
      { details },
    );
  }
  throw new CairnError(
    'store_schema_mismatch',
    `The store at ${driver.location} was written by an older cairn (schema version ${found}; this cairn reads ${SCHEMA_VERSION}) and is not converted: rebuild it by running cairn ingest on your documents into a new store (another --db)`,
    { details },
  );
}
