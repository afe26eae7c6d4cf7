import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/ensure-schema.js';
import { openStore } from '../../src/store/open-store.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';

const pgSkip = await postgresSkipReason();

/** The refusal of a store some other cairn wrote: typed, naming the command that rebuilds it. */
const OLDER = {
  code: 'store_schema_mismatch',
  message: expect.stringMatching(/older cairn .*cairn ingest .*into a new store/),
};

describe('schema version: SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-schema-version-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a new store records the version, and opens again for writing and reading', async () => {
    const db = join(dir, 'new.db');
    await (await openStore({ db })).close();
    const raw = new Database(db);
    expect(raw.prepare('SELECT version FROM cairn_schema').all()).toEqual([
      { version: SCHEMA_VERSION },
    ]);
    raw.close();
    await (await openStore({ db })).close();
    await (await openStore({ db, readonly: true })).close();
    const again = new Database(db, { readonly: true });
    expect(again.prepare('SELECT version FROM cairn_schema').all()).toHaveLength(1);
    again.close();
  });

  test('a store of the cairn that kept numbered migrations is refused, and left as it was', async () => {
    const db = join(dir, 'migrated.db');
    const raw = new Database(db);
    raw.exec(
      "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL); INSERT INTO schema_migrations VALUES (12, 'index-per-chunker', 'x'); CREATE TABLE documents (id INTEGER PRIMARY KEY)",
    );
    raw.close();
    for (const options of [{}, { readonly: true }]) {
      await expect(openStore({ db, ...options })).rejects.toMatchObject(OLDER);
    }
    const after = new Database(db, { readonly: true });
    const tables = after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    after.close();
    expect(tables).toEqual([{ name: 'schema_migrations' }, { name: 'documents' }]);
  });

  test('an older and a newer schema version are refused, each with what to do', async () => {
    const db = join(dir, 'versions.db');
    await (await openStore({ db })).close();
    const raw = new Database(db);
    raw.prepare('UPDATE cairn_schema SET version = ?').run(SCHEMA_VERSION - 1);
    await expect(openStore({ db })).rejects.toMatchObject(OLDER);
    raw.prepare('UPDATE cairn_schema SET version = ?').run(SCHEMA_VERSION + 1);
    raw.close();
    await expect(openStore({ db })).rejects.toMatchObject({
      code: 'store_schema_mismatch',
      message: expect.stringContaining('newer than this cairn reads'),
    });
  });
});

describe.skipIf(pgSkip !== null)('schema version: PostgreSQL', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(schema);
  });
  const fresh = () => {
    const schema = uniqueSchema('cairn_sv');
    schemas.push(schema);
    return schema;
  };

  test('a new schema records the version; opening it again keeps it', async () => {
    const schema = fresh();
    await (await openStore({ db: PG_URL, schema, env: {} })).close();
    await (await openStore({ db: PG_URL, schema, env: {} })).close();
    expect(await pgQuery(`SELECT version FROM ${schema}.cairn_schema`)).toEqual([
      { version: SCHEMA_VERSION },
    ]);
  });

  test('a schema of the cairn that kept numbered migrations, or an older version, is refused', async () => {
    const old = fresh();
    await pgQuery(`CREATE SCHEMA ${old}`);
    await pgQuery(
      `CREATE TABLE ${old}.schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
    );
    await expect(openStore({ db: PG_URL, schema: old, env: {} })).rejects.toMatchObject(OLDER);
    expect(
      await pgQuery(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
        [old],
      ),
    ).toEqual([{ table_name: 'schema_migrations' }]);

    const lower = fresh();
    await (await openStore({ db: PG_URL, schema: lower, env: {} })).close();
    await pgQuery(`UPDATE ${lower}.cairn_schema SET version = version - 1`);
    await expect(openStore({ db: PG_URL, schema: lower, env: {} })).rejects.toMatchObject(OLDER);
  });
});
