import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { search } from '../../src/search/search.js';
import { chunkSetDigest } from '../../src/store/chunk-set-digest.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';
import { type Bundle, bundleEntries } from './support/bundle-entries.js';
import { blockChunker, paragraphs, textDocument } from './test-documents.js';

const pgSkip = await postgresSkipReason();

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-faults-'));
  mkdirSync(join(dir, 'docs'));
  for (let i = 0; i < 4; i++)
    writeFileSync(join(dir, 'docs', `f${i}.txt`), `File ${i}.\n\n${paragraphs(5).join('\n\n')}\n`);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ingest = (store: ChunkStore, inputs = [join(dir, 'docs')]) =>
  ingestSources(store, inputs, { workers: 0, cwd: dir, chunker: 'char' });

/** What a reader sees: each document's current content and chunk digests, recomputed from the rows. */
async function fingerprint(store: ChunkStore): Promise<string> {
  const out: string[] = [];
  for (const document of await store.listDocuments()) {
    const version = await store.getVersion(document.current_version_id);
    for (const set of await store.listChunkSets({ version_id: version!.id })) {
      const chunks = await store.listChunks(version!.id, set.chunker_id);
      expect(chunkSetDigest(chunks)).toBe(set.digest);
      out.push(`${document.doc_uid} ${version!.content_hash} ${set.chunker_id} ${set.digest}`);
    }
  }
  return out.sort().join('\n');
}

function growCorpus(): void {
  writeFileSync(join(dir, 'docs', 'f0.txt'), `File 0, edited.\n\n${paragraphs(6).join('\n\n')}\n`);
  writeFileSync(join(dir, 'docs', 'big.txt'), paragraphs(40_000, 'A long file line').join('\n\n'));
}

describe('SQLite faults', () => {
  test('a read-only database file: store_readonly, the stored versions intact', async () => {
    const db = join(dir, 'cairn.db');
    let store = await openStore({ db });
    await ingest(store);
    const before = await fingerprint(store);
    await store.close();
    growCorpus();
    chmodSync(db, 0o444);
    chmodSync(dir, 0o755);
    if (process.getuid?.() === 0) {
      // root writes any file whatever its mode: run the ingest as an ordinary user instead
      const child = spawnSync(
        process.execPath,
        [bundle.file('cli'), 'ingest', 'docs', '--db', db, '--json', '--no-progress'],
        {
          cwd: dir,
          uid: 65534,
          gid: 65534,
          encoding: 'utf8',
          env: { ...process.env, CAIRN_DB: '' },
        },
      );
      expect(child.status).toBe(2);
      expect(JSON.parse(child.stdout).error.code).toBe('store_readonly');
      // search opens it read-only, warns, and answers without a trace (SQLite makes its
      // -shm file beside the database, so the folder must be writable)
      chmodSync(dir, 0o777);
      const searched = spawnSync(
        process.execPath,
        [bundle.file('cli'), 'search', 'File', '--db', db, '--json', '--chunker', 'char'],
        { cwd: dir, uid: 65534, gid: 65534, encoding: 'utf8' },
      );
      expect(searched.status, searched.stderr).toBe(0);
      expect(searched.stderr).toContain('is read-only: no trace row or log line is written');
      expect(JSON.parse(searched.stdout)).toMatchObject({ traced: false, trace_log: null });
      chmodSync(dir, 0o755);
    } else {
      await expect(openStore({ db })).rejects.toMatchObject({ code: 'store_readonly' });
    }
    // readers still work on a read-only file, search included, and write nothing
    store = await openStore({ db, readonly: true });
    expect(await fingerprint(store)).toBe(before);
    const result = await search(store, 'File', { chunker: 'char', k: 3 });
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ traced: false, trace_log: null });
    expect(store.rows_written).toBe(0);
    await store.close();
    chmodSync(db, 0o644);
    store = await openStore({ db });
    const retry = await ingest(store);
    expect(retry).toMatchObject({ updated: 1, created: 1, failed: 0 });
    await store.close();
  });

  test('a database at its size limit: store_full mid-ingest, the stored versions intact, a retry converges', async () => {
    const db = join(dir, 'cairn.db');
    let store = await openStore({ db });
    await ingest(store);
    const before = await fingerprint(store);
    await store.close();
    growCorpus();
    const pages = Math.ceil(statSync(db).size / 4096) + 8;
    store = await openStore({ db, max_page_count: pages });
    const error = await ingest(store).catch((e: unknown) => e);
    expect(isCairnError(error, 'store_full')).toBe(true);
    expect((error as Error).cause).toBeDefined();
    expect(await fingerprint(store)).toBe(before);
    expect(await store.check()).toEqual([]);
    await store.close();
    store = await openStore({ db });
    expect(await ingest(store)).toMatchObject({ updated: 1, created: 1, failed: 0 });
    expect((await ingest(store)).rows_written).toBe(0);
    await store.close();
  });

  test('a full disk (a 2 MB tmpfs): store_full, the stored versions intact, a retry on a roomier disk converges', async (context) => {
    const mount = join(dir, 'mnt');
    mkdirSync(mount);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], {
      encoding: 'utf8',
    });
    if (mounted.status !== 0) {
      console.warn(
        `skipping the tmpfs test: cannot mount a tmpfs (${mounted.stderr.trim() || mounted.error})`,
      );
      context.skip();
    }
    let store: ChunkStore | null = null;
    try {
      const db = join(mount, 'cairn.db');
      store = await openStore({ db });
      await ingest(store);
      const before = await fingerprint(store);
      growCorpus();
      const error = await ingest(store).catch((e: unknown) => e);
      expect(isCairnError(error, 'store_full')).toBe(true);
      await store.close();
      store = await openStore({ db });
      expect(await fingerprint(store)).toBe(before);
      expect(await store.check()).toEqual([]);
      await store.close();
      expect(spawnSync('mount', ['-o', 'remount,size=64m', mount]).status).toBe(0);
      store = await openStore({ db });
      expect(await ingest(store)).toMatchObject({ updated: 1, created: 1, failed: 0 });
    } finally {
      await store?.close().catch(() => {});
      spawnSync('umount', [mount]);
    }
  });

  test('a file that is not a database: store_corrupt; a newer schema: store_schema_mismatch', async () => {
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, Buffer.alloc(8192, 0x41));
    await expect(openStore({ db: junk })).rejects.toMatchObject({ code: 'store_corrupt' });
    const db = join(dir, 'cairn.db');
    const store = await openStore({ db });
    await store.close();
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(db);
    raw.prepare('UPDATE cairn_schema SET version = version + 1').run();
    raw.close();
    await expect(openStore({ db })).rejects.toMatchObject({ code: 'store_schema_mismatch' });
  });

  test('reading a database that does not exist says so, and creates nothing', async () => {
    const db = join(dir, 'none', 'cairn.db');
    await expect(openStore({ db, readonly: true })).rejects.toMatchObject({
      code: 'store_unavailable',
    });
    expect(() => statSync(join(dir, 'none'))).toThrow();
  });
});

describe.skipIf(pgSkip !== null)('PostgreSQL faults', () => {
  let schema: string;

  beforeEach(() => {
    schema = uniqueSchema('cairn_fault');
  });
  afterEach(async () => {
    await dropSchema(schema);
  });

  test('the server dropping the connection mid-ingest: store_unavailable, the stored versions intact, a retry converges', async () => {
    const application_name = `cairn_${schema}`;
    let store = await openStore({ db: PG_URL, schema });
    await ingest(store);
    const before = await fingerprint(store);
    await store.close();
    growCorpus();

    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    let inserts = 0;
    let terminated: Promise<unknown> | null = null;
    store = await openStore({
      db: PG_URL,
      schema,
      application_name,
      batch_rows: 50,
      on_statement: (_n, sql) => {
        // In the middle of the big file's transaction, as an administrator or a crash would.
        if (sql.startsWith('INSERT INTO chunks') && ++inserts === 3) {
          terminated = admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
            [application_name],
          );
        }
      },
    });
    const error = await ingest(store).catch((e: unknown) => e);
    await terminated;
    await admin.end();
    await store.close().catch(() => {});
    expect(inserts).toBeGreaterThanOrEqual(3);
    expect(isCairnError(error, 'store_unavailable')).toBe(true);

    store = await openStore({ db: PG_URL, schema });
    expect(await fingerprint(store)).toBe(before);
    expect(await store.check()).toEqual([]);
    expect(await ingest(store)).toMatchObject({ updated: 1, created: 1, failed: 0 });
    expect((await ingest(store)).rows_written).toBe(0);
    await store.close();
  });

  test('no server: store_unavailable', async () => {
    await expect(
      openStore({ db: 'postgres://postgres@127.0.0.1:1/test', schema }),
    ).rejects.toMatchObject({
      code: 'store_unavailable',
    });
  });

  test('a NUL character, which PostgreSQL text cannot hold: store_unsupported_value, nothing written', async () => {
    const store = await openStore({ db: PG_URL, schema });
    try {
      const before = await store.counts();
      // the parsers turn a NUL into U+FFFD; a document built by hand can still carry one
      const built = textDocument(['Before\u0000after.'], { doc_uid: 'nul' });
      const doc = { ...built, canonical: built.canonical.replace('\uFFFD', '\u0000') };
      const error = await ensure(store, doc, blockChunker()).catch((e: unknown) => e);
      expect(isCairnError(error, 'store_unsupported_value')).toBe(true);
      expect(await store.counts()).toEqual(before);
    } finally {
      await store.close();
    }
  });

  test('a schema written by a newer cairn is refused', async () => {
    await (await openStore({ db: PG_URL, schema })).close();
    await pgQuery(`UPDATE ${schema}.cairn_schema SET version = version + 1`);
    await expect(openStore({ db: PG_URL, schema })).rejects.toMatchObject({
      code: 'store_schema_mismatch',
    });
  });
});

let bundle: Bundle;
beforeAll(async () => {
  if (process.getuid?.() === 0)
    bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
});
afterAll(() => bundle?.dispose());
