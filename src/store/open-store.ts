import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CairnError } from '../errors.js';
import { ensureSchema } from './ensure-schema.js';
import { createSqlChunkStore } from './sql-chunk-store.js';
import type { SqlDriver } from './sql-driver.js';
import type { ChunkStore, StatementHook } from './types.js';

/** Where the embedded default lives, relative to the working directory. */
export const DEFAULT_DB_PATH = '.cairn/cairn.db';

export interface OpenStoreOptions {
  /** A file path (SQLite) or a `postgres://` URL; default `CAIRN_DB`, else `.cairn/cairn.db`. */
  db?: string;
  /** For reading only (show, resolve): SQLite opens the file read-only and nothing is created. */
  readonly?: boolean;
  /**
   * Whether a missing store may be created (default: unless `readonly`).
   * Commands that read a store but also write to it (search's traces, late
   * chunking) pass false: a mistyped `--db` is refused as
   * `store_unavailable` instead of answering from a new, empty store.
   */
  create?: boolean;
  /** PostgreSQL: the schema to use (created when missing); default `CAIRN_PG_SCHEMA`, else the server's search_path. */
  schema?: string;
  /** PostgreSQL: the connections' application_name (default `cairn`). */
  application_name?: string;
  /** PostgreSQL: connections in the pool at most (default 4). */
  max_connections?: number;
  /** SQLite: wait this long for another writer's lock (default 30 s). */
  busy_timeout_ms?: number;
  /** SQLite: a size limit in pages; past it writes fail with `store_full`. */
  max_page_count?: number;
  /** Rows per INSERT at most (default: up to the driver's parameter limit). */
  batch_rows?: number;
  /** Called before every statement (tests inject crashes here). */
  on_statement?: StatementHook;
  /** Environment to read `CAIRN_DB` and `CAIRN_PG_SCHEMA` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

export type StoreTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** Which database `--db`/`CAIRN_DB` name: a `postgres://` URL, else a SQLite file path. */
export function resolveStoreTarget(db?: string, env: NodeJS.ProcessEnv = process.env): StoreTarget {
  const value =
    db ?? (env.CAIRN_DB === undefined || env.CAIRN_DB === '' ? DEFAULT_DB_PATH : env.CAIRN_DB);
  if (/^postgres(ql)?:\/\//i.test(value)) {
    if (!URL.canParse(value)) {
      // the value is not echoed: it may hold a password
      throw new CairnError(
        'invalid_option',
        'The database URL is not a valid postgres:// URL (postgres://user[:password]@host[:port]/database)',
      );
    }
    return { kind: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new CairnError(
      'invalid_option',
      `Unsupported database URL "${value}": use a file path or postgres://...`,
    );
  }
  const path = value.startsWith('sqlite:') ? value.slice('sqlite:'.length) : value;
  // resolve('') is the working directory, which SQLite cannot open: say what is wrong instead
  if (path.trim() === '') {
    throw new CairnError(
      'invalid_option',
      'The database path is empty: give --db a SQLite file or a postgres:// URL',
    );
  }
  return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(path) };
}

/**
 * Opens (and for writers creates) the store: SQLite by default,
 * PostgreSQL for a `postgres://` URL.
 */
export async function openStore(options: OpenStoreOptions = {}): Promise<ChunkStore> {
  const target = resolveStoreTarget(options.db, options.env);
  const hook = options.on_statement === undefined ? {} : { on_statement: options.on_statement };
  const create = options.create ?? options.readonly !== true;
  let driver: SqlDriver;
  let schema: readonly string[];
  // Each driver loads only when used: a SQLite run never pays for pg, nor a PostgreSQL one for the native module.
  if (target.kind === 'sqlite') {
    const { openSqliteDriver } = await import('./sqlite/driver.js');
    schema = (await import('./sqlite/schema.js')).SQLITE_SCHEMA;
    driver = openSqliteDriver({
      path: target.path,
      ...(options.readonly === undefined ? {} : { readonly: options.readonly }),
      must_exist: !create,
      ...(options.busy_timeout_ms === undefined
        ? {}
        : { busy_timeout_ms: options.busy_timeout_ms }),
      ...(options.max_page_count === undefined ? {} : { max_page_count: options.max_page_count }),
      ...hook,
    });
  } else {
    const { checkSchemaName, createSchema, openPostgresDriver } = await import(
      './postgres/driver.js'
    );
    schema = (await import('./postgres/schema.js')).POSTGRES_SCHEMA;
    const named = options.schema ?? ((options.env ?? process.env).CAIRN_PG_SCHEMA || undefined);
    const pgSchema = named === undefined ? undefined : checkSchemaName(named);
    driver = openPostgresDriver({
      url: target.url,
      ...(pgSchema === undefined ? {} : { schema: pgSchema }),
      ...(options.application_name === undefined
        ? {}
        : { application_name: options.application_name }),
      ...(options.max_connections === undefined
        ? {}
        : { max_connections: options.max_connections }),
      ...hook,
    });
    if (pgSchema !== undefined && create) await createSchema(driver, pgSchema);
  }
  try {
    await ensureSchema(driver, schema, {
      readonly: options.readonly === true,
      must_exist: !create,
    });
  } catch (error) {
    await driver.close().catch(() => {});
    throw error;
  }
  return createSqlChunkStore(driver, {
    ...(options.batch_rows === undefined ? {} : { batch_rows: options.batch_rows }),
    read_only: options.readonly === true,
  });
}

/** A store made for one run, on the same database kind as another, and its removal. */
export interface TemporaryStore {
  store: ChunkStore;
  /** Closes the store and removes it: the SQLite file's folder, or the PostgreSQL schema. */
  dispose(): Promise<void>;
}

/**
 * An empty store of the same kind as `db` (a SQLite path or a `postgres://`
 * URL, as `openStore` reads it): a fresh SQLite file in a temporary folder,
 * or a fresh schema on the same PostgreSQL server, so that rankings compare
 * engine with engine.
 */
export async function openTemporaryStore(
  db: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<TemporaryStore> {
  const target = resolveStoreTarget(db, env);
  if (target.kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-tmp-'));
    try {
      const store = await openStore({ db: join(dir, 'temporary.db'), env: {} });
      return {
        store,
        async dispose() {
          await store.close().catch(() => {});
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const schema = `cairn_tmp_${process.pid}_${randomBytes(4).toString('hex')}`;
  const { dropSchema } = await import('./postgres/driver.js');
  try {
    const store = await openStore({ db: target.url, schema, env: {} });
    return {
      store,
      async dispose() {
        await store.close().catch(() => {});
        await dropSchema(target.url, schema);
      },
    };
  } catch (error) {
    await dropSchema(target.url, schema).catch(() => {});
    throw error;
  }
}
