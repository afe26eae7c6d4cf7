import pg from 'pg';
import { CairnError } from '../../errors.js';
import type { DriverOptions, SqlDriver, SqlExecutor } from '../sql-driver.js';
import { POSTGRES_DIALECT } from './dialect.js';
import { toPostgresStoreError } from './to-store-error.js';

export interface PostgresDriverOptions extends DriverOptions {
  /** `postgres://user@host:port/database` */
  url: string;
  /** Tables live in this schema (created when missing); default: the server's search_path. */
  schema?: string;
  /** Connections in the pool (default 4). */
  max_connections?: number;
  /** Give up connecting after this long (default 10 s). */
  connect_timeout_ms?: number;
  /** How the connections show in pg_stat_activity (default `cairn`). */
  application_name?: string;
}

const INT8_OID = 20;
const TIMESTAMPTZ_OID = 1184;

/** Row ids and counts are BIGINT: numbers up to 2^53 are exact, which no store here reaches. */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (text: string) => Number(text);
    if (oid === TIMESTAMPTZ_OID) return (text: string) => new Date(text).toISOString();
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openPostgresDriver(options: PostgresDriverOptions): SqlDriver {
  // the schema is half of where the store is: "No cairn store at <url>" alone misleads when it is elsewhere
  const location = `${redactUrl(options.url)}${options.schema === undefined ? '' : ` (schema ${options.schema})`}`;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max_connections ?? 4,
    connectionTimeoutMillis: options.connect_timeout_ms ?? 10_000,
    application_name: options.application_name ?? 'cairn',
    types: TYPES,
    ...(options.schema === undefined
      ? {}
      : { options: `-c search_path=${checkSchemaName(options.schema)}` }),
  });
  // An idle connection the server drops emits here; the next query reports the failure instead.
  pool.on('error', () => {});
  return new PostgresDriver(pool, location, options);
}

class PostgresDriver implements SqlDriver {
  readonly dialect = POSTGRES_DIALECT;
  readonly file_path = null;
  rows_written = 0;
  private statementCount = 0;
  private readonly texts = new Map<string, string>();

  constructor(
    private readonly pool: pg.Pool,
    readonly location: string,
    private readonly options: PostgresDriverOptions,
  ) {}

  all<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.query(this.pool, sql, params).then((result) => this.rows<T>(result));
  }

  run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.query(this.pool, sql, params).then((result) => this.count(result));
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw toPostgresStoreError(error, this.location);
    }
    const tx: SqlExecutor = {
      all: (sql, params = []) =>
        this.query(client, sql, params).then((result) => this.rows(result)),
      run: (sql, params = []) =>
        this.query(client, sql, params).then((result) => this.count(result)),
    };
    let broken = false;
    // A checked-out client whose connection dies emits 'error' besides failing its query; unheard, that event would crash the process.
    const onError = (): void => {
      broken = true;
    };
    client.on('error', onError);
    try {
      await this.query(client, 'BEGIN', []);
      const result = await fn(tx);
      await this.query(client, 'COMMIT', []);
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        // the connection is gone: the server rolled back already
        broken = true;
      }
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async query(
    target: pg.Pool | pg.PoolClient,
    sql: string,
    params: readonly unknown[],
  ): Promise<pg.QueryResult> {
    this.options.on_statement?.(this.statementCount++, sql);
    try {
      return await target.query(this.text(sql), params as unknown[]);
    } catch (error) {
      throw toPostgresStoreError(error, this.location);
    }
  }

  /** Rows of a statement; a write with RETURNING counts its rows as written. */
  private rows<T>(result: pg.QueryResult): T[] {
    if (result.command !== 'SELECT') this.rows_written += result.rowCount ?? 0;
    return result.rows as T[];
  }

  private count(result: pg.QueryResult): number {
    const changes = result.command === 'SELECT' ? 0 : (result.rowCount ?? 0);
    this.rows_written += changes;
    return changes;
  }

  /** The shared SQL uses `?`; PostgreSQL numbers its parameters. */
  private text(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      let n = 0;
      text = sql.replace(/\?/g, () => `$${++n}`);
      // Not a batched INSERT's hundreds of kB: 256 of those held tens of MB for a quick regex.
      if (this.texts.size < 256 && sql.length <= MAX_CACHED_SQL_CHARS) this.texts.set(sql, text);
    }
    return text;
  }
}

/** Creates the store's schema when missing; the driver is closed when that fails. */
export async function createSchema(driver: SqlDriver, schema: string): Promise<void> {
  try {
    await driver.run(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    // Two processes creating the schema at once: one loses on the catalog's unique index, which is fine.
    if (!(error instanceof CairnError && error.code === 'store_conflict')) {
      await driver.close().catch(() => {});
      throw error;
    }
  }
}

/** Drops a schema and everything in it (a scratch store's, made for one run). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const driver = openPostgresDriver({ url, max_connections: 1 });
  try {
    await driver.run(`DROP SCHEMA IF EXISTS ${checkSchemaName(schema)} CASCADE`);
  } finally {
    await driver.close().catch(() => {});
  }
}

/** Statements longer than this are renumbered on every call rather than cached. */
const MAX_CACHED_SQL_CHARS = 8192;

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Schema names go into a connection option and into DDL, so only plain identifiers are taken. */
export function checkSchemaName(name: string): string {
  if (!SCHEMA_NAME.test(name)) {
    throw new CairnError(
      'invalid_option',
      `Schema name must be a plain identifier ([A-Za-z_][A-Za-z0-9_]*), got "${name}"`,
    );
  }
  return name;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}
