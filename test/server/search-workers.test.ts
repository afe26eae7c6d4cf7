import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { createApp } from '../../src/server/create-app.js';
import { createSearchPool, type SearchPool } from '../../src/server/search-pool.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { call } from './support/api-fixture.js';

/**
 * `cairn serve` searches a SQLite store on worker threads, each with its own
 * read-only connection, and writes only traces and index manifests through
 * the server's store: a search answers while another connection holds the
 * write lock, and answers as the server's own thread would.
 */
const CHAPTERS = ['ch04-01-what-is-ownership.md', 'ch04-02-references-and-borrowing.md'];
/** Ingested by a test, after searches of the first two. */
const THREADS = 'ch16-01-threads.md';

let bundle: Bundle;
let dir: string;
let store: ChunkStore;
let pool: SearchPool;
/** Searches the pool ran. */
let pooled = 0;

beforeAll(async () => {
  bundle = await bundleEntries({ 'search-worker': 'src/server/search-worker.ts' });
  dir = mkdtempSync(join(tmpdir(), 'cairn-search-workers-'));
  for (const chapter of CHAPTERS) copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
  store = await openStore({ db: join(dir, 'cairn.db') });
  const ingested = await ingestSources(store, CHAPTERS, { workers: 0, cwd: dir });
  expect(ingested.failed).toBe(0);
  const real = await createSearchPool({
    db: join(dir, 'cairn.db'),
    size: 2,
    worker_url: pathToFileURL(bundle.file('search-worker')),
  });
  expect(real).not.toBeNull();
  pool = {
    threads: real!.threads,
    embeds: real!.embeds,
    search: (query, options) => {
      pooled++;
      return real!.search(query, options);
    },
    searchBody: (query, options) => {
      pooled++;
      return real!.searchBody(query, options);
    },
    close: () => real!.close(),
  };
});

afterAll(async () => {
  await pool?.close();
  await store?.close();
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const app = (traces: boolean, trace_wait_ms = 250) =>
  createApp({ store, cwd: dir, log: () => {}, search_pool: pool, traces, trace_wait_ms });

describe('cairn serve with search workers', () => {
  test('a search answers while another connection holds a write transaction open; a traced one gets its row once the lock is let go', async () => {
    // long enough that, waited on the thread, the lock could never be let go in time
    const traced = app(true, 60_000);
    const quiet = app(false);
    const first = await call(quiet, '/api/search?q=ownership&k=3');
    expect(first.status).toBe(200);
    const other = new Database(join(dir, 'cairn.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      // a write the holder has not committed: no reader may see it
      other.prepare("UPDATE documents SET source_url = 'uncommitted.md'").run();
      const before = pooled;
      let settled = false;
      const waiting = call(traced, '/api/search?q=ownership&k=3').then((r) => {
        settled = true;
        return r;
      });
      const during = await call(quiet, '/api/search?q=ownership&k=3');
      expect(pooled).toBe(before + 2);
      expect(during.status).toBe(200);
      expect(during.body.hits.map((h: { snippet_id: string }) => h.snippet_id)).toEqual(
        first.body.hits.map((h: { snippet_id: string }) => h.snippet_id),
      );
      expect(during.body.hits[0].source_url).toBe(first.body.hits[0].source_url);
      // the traced search is still waiting for the lock, without holding anything else up
      expect(settled).toBe(false);
      other.exec('ROLLBACK');
      const done = await waiting;
      expect(done.status).toBe(200);
      expect(done.body.traced).toBe(true);
      const rows = await store.listRagTraces({ qid: done.body.qid });
      expect(rows.map((row) => row.index_hash)).toEqual([done.body.index_hash]);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    }
  });

  test('the index manifest a worker saw missing is written through the server store', async () => {
    const quiet = app(false);
    const searched = await call(quiet, '/api/search?q=borrow&k=2');
    expect(searched.status).toBe(200);
    await vi.waitFor(
      async () => expect(await store.getIndexManifest(searched.body.index_hash)).not.toBeNull(),
      { timeout: 10_000 },
    );
  });

  test('after an ingest, a worker answers from the new chunks, body for body as the server thread', async () => {
    const quiet = app(false);
    const onThread = createApp({ store, cwd: dir, log: () => {}, traces: false });
    const path = '/api/search?q=threads%20spawn%20join%20handle&k=5';
    const before = await call(quiet, path);
    expect(before.body.hits.some((h: { source_url: string }) => h.source_url === THREADS)).toBe(
      false,
    );
    copyFileSync(corpusPath('rustbook', THREADS), join(dir, THREADS));
    expect((await ingestSources(store, [THREADS], { workers: 0, cwd: dir })).failed).toBe(0);
    const after = await call(quiet, path);
    expect(after.body.hits[0].source_url).toBe(THREADS);
    expect(after.body.index_hash).not.toBe(before.body.index_hash);
    const { qid: _a, ...answer } = after.body;
    const { qid: _b, ...expected } = (await call(onThread, path)).body;
    expect(answer).toEqual(expected);
  });

  test('answers and refusals are those of a search on the server thread, code for code', async () => {
    const withPool = app(false);
    const onThread = createApp({ store, cwd: dir, log: () => {}, traces: false });
    const requests = [
      '/api/search?q=ownership%20borrow%20reference&k=5',
      `/api/search?q=borrow&doc=${encodeURIComponent(CHAPTERS[1]!)}`,
      '/api/search?q=ownership&k=3&rerank=none',
      '/api/search?q=ownership&section=1',
      '/api/search?q=ownership&chunker=nope',
      '/api/search?q=ownership&doc=nowhere.md',
      '/api/search?q=ownership&index_hash=lex:0000',
      '/api/search?q=ownership&analyzer=other',
      '/api/search?q=ownership&mode=vector',
      '/api/search?q=ownership&rerank=cross-encoder',
      '/api/search?q=ownership&section=what-is-ownership',
      '/api/search?q=%20',
      '/api/search?q=ownership&k=lots',
    ];
    const before = pooled;
    for (const path of requests) {
      const a = await call(withPool, path);
      const b = await call(onThread, path);
      expect(a.status, path).toBe(b.status);
      const { qid: _a, ...answer } = a.body;
      const { qid: _b, ...expected } = b.body;
      expect(answer, path).toEqual(expected);
    }
    // the ones refused before any search (a blank query, a bad k) never reach a worker
    expect(pooled - before).toBe(requests.length - 2);
  });
});
