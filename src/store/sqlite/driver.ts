import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { CairnError, isCairnError } from '../../errors.js';
import { makeFolderSync } from '../../make-folder.js';
import { AsyncMutex } from '../async-mutex.js';
import type { DriverOptions, RunEachResult, SqlDriver, SqlExecutor } from '../sql-driver.js';
import { SQLITE_DIALECT } from './dialect.js';
import { toSqliteStoreError } from './to-store-error.js';

export interface SqliteDriverOptions extends DriverOptions {
  /** File path, or `:memory:`. */
  path: string;
  /** Open without write access (show, resolve): no file or schema is created. */
  readonly?: boolean;
  /** Refuse a missing file instead of creating it (implied by `readonly`). */
  must_exist?: boolean;
  /** How long a writer waits for another process's lock before `store_busy` (default 30 s). */
  busy_timeout_ms?: number;
  /** A database size limit in pages (`PRAGMA max_page_count`): past it, writes fail with `store_full`. */
  max_page_count?: number;
}

/**
 * Transactions of all connections of this process to one file queue here:
 * better-sqlite3 is synchronous, so a second connection waiting on SQLite's
 * busy handler would block the thread that has to finish the first one.
 * Other processes wait in SQLite's busy handler as usual.
 */
const FILE_LOCKS = new Map<string, AsyncMutex>();

const MAX_CACHED_STATEMENTS = 128;
/**
 * The cache's SQL text at most. A prepared multi-row INSERT of a full batch
 * (about 75 kB of SQL) holds about 2 MB of SQLite memory, and every file's
 * last, odd-sized batch is a new one: bounded by count alone, 128 of them
 * could hold about 270 MB.
 */
const MAX_CACHED_SQL_CHARS = 512 * 1024;

export function openSqliteDriver(options: SqliteDriverOptions): SqlDriver {
  const memory = options.path === ':memory:';
  const location = memory ? ':memory:' : resolve(options.path);
  const mustExist = options.readonly === true || options.must_exist === true;
  if (!memory && isFolder(location)) {
    // SQLite says CANTOPEN, or a disk I/O error when read-only, which sounds like a failing disk
    throw new CairnError(
      'store_unavailable',
      `SQLite at ${location}: it is a folder, not a database file (name a file, such as ${join(location, 'cairn.db')})`,
      { details: { backend: 'sqlite', location } },
    );
  }
  if (!memory && !options.readonly && existsSync(location) && !writable(location)) {
    // checked before opening: SQLite would open it without write access and say so only at the first write
    throw new CairnError('store_readonly', `The database file ${location} is read-only`, {
      details: { backend: 'sqlite', location },
    });
  }
  if (!memory && !mustExist && !existsSync(location)) makeFolderFor(location);
  let db: Database.Database;
  try {
    db = new Database(location, {
      readonly: options.readonly === true,
      fileMustExist: mustExist,
      timeout: options.busy_timeout_ms ?? DEFAULT_BUSY_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof CairnError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // a missing file in an existing folder fails as SQLITE_CANTOPEN, which teaches nothing
    if (
      mustExist &&
      (!existsSync(location) || !(typeof code === 'string' && code.startsWith('SQLITE_')))
    ) {
      throw new CairnError(
        'store_unavailable',
        `No database at ${location}: run cairn ingest first`,
        {
          cause: error,
          details: { backend: 'sqlite', location },
        },
      );
    }
    throw toSqliteStoreError(error, location);
  }
  if (!options.readonly && db.readonly) {
    // SQLite quietly opens a file it may not write read-only; a writer should hear it now, not mid-ingest.
    db.close();
    throw new CairnError('store_readonly', `The database file ${location} is read-only`, {
      details: { backend: 'sqlite', location },
    });
  }
  try {
    if (!options.readonly && !memory) refuseForeignDatabase(db, location);
    // WAL: readers never block the writer and a killed writer leaves the last commit intact.
    if (!options.readonly) {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
      // In WAL mode NORMAL loses no committed transaction to a process crash, only to power loss.
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    loadVectorFunctions(db);
    if (options.max_page_count !== undefined)
      db.pragma(`max_page_count = ${options.max_page_count}`);
  } catch (error) {
    db.close();
    throw toSqliteStoreError(error, location);
  }
  const key = memory ? Symbol('memory') : realpathSync(location);
  let lock = typeof key === 'string' ? FILE_LOCKS.get(key) : undefined;
  if (lock === undefined) {
    lock = new AsyncMutex();
    if (typeof key === 'string') FILE_LOCKS.set(key, lock);
  }
  return new SqliteDriver(db, location, lock, options);
}

const DEFAULT_BUSY_TIMEOUT_MS = 30_000;
/** `run_briefly`'s pauses between attempts: doubling from 2 ms to 25 ms, near SQLite's own busy handler's steps. */
const FIRST_RETRY_MS = 2;
const MAX_RETRY_MS = 25;

class SqliteDriver implements SqlDriver {
  readonly dialect = SQLITE_DIALECT;
  readonly file_path: string | null;
  rows_written = 0;
  /** Least recently used first. */
  private readonly statements = new Map<string, Database.Statement>();
  private cachedChars = 0;
  private statementCount = 0;
  private readonly executor: SqlExecutor;

  constructor(
    private readonly db: Database.Database,
    readonly location: string,
    private readonly lock: AsyncMutex,
    private readonly options: SqliteDriverOptions,
  ) {
    this.file_path = location === ':memory:' ? null : location;
    this.executor = {
      all: (sql, params) => this.all(sql, params),
      run: (sql, params) => this.run(sql, params),
      runEach: (sql, rows) => this.runEach(sql, rows),
    };
  }

  async runEach(sql: string, rows: readonly (readonly unknown[])[]): Promise<RunEachResult> {
    let statement: Database.Statement | undefined;
    let changes = 0;
    const rowIds = new Array<number>(rows.length);
    // A statement per row as far as the hook knows: a test may stop the process between any two.
    for (let i = 0; i < rows.length; i++) {
      const result = this.call(sql, () => {
        statement ??= this.prepare(sql);
        return statement.run(bind(rows[i]!));
      });
      this.rows_written += result.changes;
      changes += result.changes;
      rowIds[i] = Number(result.lastInsertRowid);
    }
    return { changes, row_ids: rowIds };
  }

  async all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.call(sql, () => {
      const statement = this.prepare(sql);
      const rows = allAsObjects(statement, bind(params)) as T[];
      // INSERT ... RETURNING: each returned row is a row written.
      if (!statement.readonly) this.rows_written += rows.length;
      return rows;
    });
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.runNow(sql, params);
  }

  async run_briefly(sql: string, params: readonly unknown[], wait_ms: number): Promise<number> {
    const deadline = performance.now() + Math.max(0, wait_ms);
    let pause = FIRST_RETRY_MS;
    for (;;) {
      try {
        return this.attemptOnce(sql, params);
      } catch (error) {
        const left = deadline - performance.now();
        if (!isCairnError(error, 'store_busy') || left <= 0) throw error;
        // SQLite's own busy handler would sleep on this thread, and every request with it
        await new Promise((done) => setTimeout(done, Math.min(pause, left)));
        pause = Math.min(pause * 2, MAX_RETRY_MS);
      }
    }
  }

  /** The statement with no busy wait at all: done, or `store_busy` at once. */
  private attemptOnce(sql: string, params: readonly unknown[]): number {
    this.db.pragma('busy_timeout = 0');
    try {
      return this.runNow(sql, params);
    } finally {
      // restored before anything else runs on this connection: an ingest's BEGIN must still wait
      this.db.pragma(`busy_timeout = ${this.options.busy_timeout_ms ?? DEFAULT_BUSY_TIMEOUT_MS}`);
    }
  }

  private runNow(sql: string, params: readonly unknown[]): number {
    return this.call(sql, () => {
      const changes = this.prepare(sql).run(...bind(params)).changes;
      this.rows_written += changes;
      return changes;
    });
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.lock.run(async () => {
      this.call('BEGIN IMMEDIATE', () => this.db.exec('BEGIN IMMEDIATE'));
      try {
        const result = await fn(this.executor);
        this.call('COMMIT', () => this.db.exec('COMMIT'));
        return result;
      } catch (error) {
        // SQLite rolls back by itself after some errors (SQLITE_FULL among them).
        if (this.db.inTransaction) {
          try {
            this.db.exec('ROLLBACK');
          } catch {
            // the original error says more than a failed rollback
          }
        }
        throw error;
      }
    });
  }

  others_commit_stamp(): number {
    // asked before every search: the statement is kept, not prepared anew as db.pragma() would
    return this.call('PRAGMA data_version', () =>
      Number((this.prepare('PRAGMA data_version').get() as { data_version: number }).data_version),
    );
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private call<T>(sql: string, fn: () => T): T {
    this.options.on_statement?.(this.statementCount++, sql);
    try {
      return fn();
    } catch (error) {
      throw toSqliteStoreError(error, this.location);
    }
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement !== undefined) {
      // Move to the back: a full-size batch used on every file stays while one-off sizes go.
      this.statements.delete(sql);
      this.statements.set(sql, statement);
      return statement;
    }
    statement = this.db.prepare(sql);
    if (sql.length > MAX_CACHED_SQL_CHARS) return statement;
    // Batched inserts of odd sizes make one-off statements: keep the cache bounded in count and size.
    while (
      this.statements.size > 0 &&
      (this.statements.size >= MAX_CACHED_STATEMENTS ||
        this.cachedChars + sql.length > MAX_CACHED_SQL_CHARS)
    ) {
      const oldest = this.statements.keys().next().value!;
      this.statements.delete(oldest);
      this.cachedChars -= oldest.length;
    }
    this.statements.set(sql, statement);
    this.cachedChars += sql.length;
    return statement;
  }
}

/** Values as SQLite binds them: a row that needs no change is bound as it is, not copied (an ingest binds millions). */
function bind(params: readonly unknown[]): readonly unknown[] {
  for (const value of params) {
    if (value === undefined || typeof value === 'boolean') {
      return params.map((v) => (v === undefined ? null : typeof v === 'boolean' ? Number(v) : v));
    }
  }
  return params;
}

/**
 * A new database's folder, made if missing and checked writable: else
 * mkdir's EACCES became 'the database failed' (store_error, exit 1) and a
 * read-only folder SQLITE_CANTOPEN.
 */
function makeFolderFor(location: string): void {
  const folder = dirname(location);
  try {
    makeFolderSync(folder);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? String(cause);
    const denied = code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
    throw new CairnError(
      denied ? 'store_readonly' : 'store_unavailable',
      `Cannot make the folder ${folder} for the database ${location} (${code})`,
      { cause, details: { backend: 'sqlite', location } },
    );
  }
  if (!writable(folder)) {
    throw new CairnError(
      'store_readonly',
      `Cannot create the database ${location}: its folder is read-only`,
      { details: { backend: 'sqlite', location } },
    );
  }
}

/**
 * A writer makes its store only in a new or empty database, or one that
 * holds a cairn store: a --db that names another program's SQLite file
 * would get cairn's tables, and WAL journaling, added to it.
 */
function refuseForeignDatabase(db: Database.Database, location: string): void {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((row) => row.name);
  // an older cairn's store (`schema_migrations`) is refused by its schema version, with how to rebuild it
  if (
    tables.length === 0 ||
    tables.includes('cairn_schema') ||
    tables.includes('schema_migrations')
  )
    return;
  throw new CairnError(
    'store_schema_mismatch',
    `SQLite at ${location} holds other tables (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', ...' : ''}) and no cairn store: cairn makes its store only in a new or empty database; name another file`,
    { details: { backend: 'sqlite', location, tables: tables.slice(0, 20) } },
  );
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    // missing, or a file on the way (ENOTDIR): opening it reports that
    return false;
  }
}

/**
 * Whether this process may write the file. SQLite opens a file it may not
 * write read-only without saying so (better-sqlite3's `readonly` still
 * reads false), and the first write fails mid-command.
 */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * sqlite-vec's functions score stored vectors in SQL (vec_distance_cosine).
 * Where its prebuilt library cannot load (no package for the platform), a
 * JavaScript function of the same name and meaning scores them, exactly,
 * so vector search still works, only slower.
 */
function loadVectorFunctions(db: Database.Database): void {
  try {
    const sqliteVec = createRequire(import.meta.url)('sqlite-vec') as {
      load(db: Database.Database): void;
    };
    sqliteVec.load(db);
  } catch {
    db.function('vec_distance_cosine', { deterministic: true }, (a: unknown, b: unknown) =>
      cosineDistance(a as Uint8Array, b as Uint8Array),
    );
  }
}

function cosineDistance(a: Uint8Array, b: Uint8Array): number {
  const x = new Float32Array(new Uint8Array(a).buffer);
  const y = new Float32Array(new Uint8Array(b).buffer);
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < x.length; i++) {
    dot += x[i]! * y[i]!;
    nx += x[i]! * x[i]!;
    ny += y[i]! * y[i]!;
  }
  return nx === 0 || ny === 0 ? 1 : 1 - dot / Math.sqrt(nx * ny);
}

/**
 * A statement's rows as objects keyed by column name, read as arrays and
 * keyed here: better-sqlite3 builds each row object through the engine's
 * API property by property, which took twice as long for a search's 30
 * rows of 29 columns. A later column of the same name wins, as there.
 */
function allAsObjects(
  statement: Database.Statement,
  params: readonly unknown[],
): Record<string, unknown>[] {
  // columns read each time: a `SELECT *` prepared again after a schema change may have others
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  let rows: unknown[][];
  try {
    rows = statement.all(...params) as unknown[][];
  } finally {
    statement.raw(false);
  }
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  });
}
