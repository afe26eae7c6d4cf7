import { CairnError } from '../errors.js';
import type { Migration } from './migration.js';
import type { Dialect, SqlDriver, SqlExecutor } from './sql-driver.js';

export interface MigrateOptions {
  /** Only check: a store opened read-only cannot migrate. */
  readonly?: boolean;
  /** Refuse a store with no schema at all (nothing was ever ingested there) instead of creating one. */
  must_exist?: boolean;
}

/**
 * Brings the schema up to the newest migration, each applied once in its
 * own transaction and recorded in `schema_migrations`. Opening an
 * up-to-date store writes nothing. Several processes opening one store at
 * once serialize here (SQLite's write lock, a PostgreSQL advisory lock), and
 * a database written by a newer cairn is refused rather than misread.
 */
export async function migrate(
  driver: SqlDriver,
  migrations: readonly Migration[],
  options: MigrateOptions = {},
): Promise<void> {
  const applied = await readApplied(driver);
  if (applied === null && options.must_exist) {
    throw new CairnError(
      'store_unavailable',
      `No cairn store at ${driver.location}: run cairn ingest first`,
      { details: { location: driver.location } },
    );
  }
  if (applied !== null && checkApplied(applied, migrations, driver) === 0) return;
  if (options.readonly) {
    throw new CairnError(
      'store_schema_mismatch',
      `The database at ${driver.location} needs schema migrations; open it writable (run cairn ingest) first`,
      { details: { location: driver.location, applied: applied === null ? [] : [...applied] } },
    );
  }
  const rebuilds = migrations.some(
    (migration) => migration.rebuilds_tables === true && !applied?.has(migration.version),
  );
  const transact = <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> =>
    rebuilds ? driver.dialect.sql.rebuildingTables(driver, fn) : driver.transaction(fn);
  await transact(async (tx) => {
    await driver.dialect.sql.lockMigrations(tx);
    await tx.run(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const done = new Set(
      (await tx.all<{ version: number }>('SELECT version FROM schema_migrations')).map((row) =>
        Number(row.version),
      ),
    );
    checkApplied(done, migrations, driver);
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await applyMigration(tx, migration, driver.dialect);
    }
  });
}

async function applyMigration(
  tx: SqlExecutor,
  migration: Migration,
  dialect: Dialect,
): Promise<void> {
  for (const statement of migration.sql.split(/;\s*\n/)) {
    if (statement.trim() !== '') await tx.run(statement);
  }
  await migration.run?.(tx, dialect);
  await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
    migration.version,
    migration.name,
    new Date().toISOString(),
  ]);
}

async function readApplied(driver: SqlDriver): Promise<Set<number> | null> {
  try {
    const rows = await driver.all<{ version: number }>('SELECT version FROM schema_migrations');
    return new Set(rows.map((row) => Number(row.version)));
  } catch (error) {
    // A fresh database has no table yet; any other failure (no connection, a bad URL) is the answer.
    if (isMissingTable(error)) return null;
    throw error;
  }
}

/**
 * Migrations still to apply; throws when the database is newer than this
 * code. Numbers may skip (branches reserve theirs): only listed ones count.
 */
function checkApplied(
  applied: ReadonlySet<number>,
  migrations: readonly Migration[],
  driver: SqlDriver,
): number {
  const newest = migrations.at(-1)?.version ?? 0;
  const beyond = [...applied].filter((version) => version > newest);
  if (beyond.length > 0) {
    throw new CairnError(
      'store_schema_mismatch',
      `The database at ${driver.location} has schema version ${Math.max(...beyond)}, newer than this cairn knows (${newest}): upgrade cairn`,
      { details: { location: driver.location, newest_known: newest } },
    );
  }
  return migrations.filter((migration) => !applied.has(migration.version)).length;
}

/** SQLite's "no such table" and PostgreSQL's undefined_table (42P01), as the drivers wrap them. */
function isMissingTable(error: unknown): boolean {
  if (!(error instanceof CairnError) || error.code !== 'store_error') return false;
  return error.details?.driver_code === '42P01' || /no such table/i.test(error.message);
}
