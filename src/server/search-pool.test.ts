import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import type { CairnError } from '../errors.js';
import { createSearchPool, type SearchPool } from './search-pool.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-search-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in worker speaking the pool's protocol: its store opens unless
 * the database is named 'missing'; the query 'die' kills it, 'slow' answers
 * late, anything else answers at once with the query and the worker's thread.
 */
const worker = join(dir, 'fake-search-worker.mjs');
writeFileSync(
  worker,
  `import { parentPort, threadId, workerData } from 'node:worker_threads';
if (workerData.db === 'missing') {
  parentPort.postMessage({ id: -1, ok: false, error: { code: 'store_unavailable', message: 'No database at missing', details: {} } });
} else {
  parentPort.postMessage({ id: -1, ok: true });
}
parentPort.on('message', async ({ id, query }) => {
  if (query === 'die') process.exit(3);
  if (query === 'slow') await new Promise((done) => setTimeout(done, 200));
  parentPort.postMessage({ id, ok: true, reads: { result: { query, thread: threadId }, k: 1, manifest: null } });
});
`,
);
const url = pathToFileURL(worker);

const open = (db = 'some.db', size = 2, more: { max_waiting?: number } = {}) =>
  createSearchPool({ db, size, worker_url: url, ...more }) as Promise<SearchPool>;

/** The query a search answered with, or the code it failed with. */
const outcome = (pool: SearchPool, query: string) =>
  pool.search(query, {}).then(
    (reads) => (reads.result as unknown as { query: string }).query,
    (error: CairnError) => error.code,
  );

describe('the search pool', () => {
  test('a worker that dies under a search fails it with worker_died; a fresh worker answers the next', async () => {
    const pool = await open('some.db', 1);
    try {
      expect(await outcome(pool, 'first')).toBe('first');
      expect(await outcome(pool, 'die')).toBe('worker_died');
      expect(await outcome(pool, 'after')).toBe('after');
    } finally {
      await pool.close();
    }
  });

  test('searches queue for a free worker, in order; past max_waiting they are store_busy', async () => {
    const pool = await open('some.db', 1, { max_waiting: 2 });
    try {
      const answers = ['slow', 'a', 'b', 'c'].map((q) => outcome(pool, q));
      // 'slow' runs; 'a' and 'b' wait; 'c' finds the queue full
      expect(await Promise.all(answers)).toEqual(['slow', 'a', 'b', 'store_busy']);
    } finally {
      await pool.close();
    }
  });

  test('a store the workers cannot open fails the pool at start, with the store error', async () => {
    await expect(open('missing')).rejects.toMatchObject({ code: 'store_unavailable' });
  });

  test('close() fails the searches not yet answered and every later one with store_unavailable', async () => {
    const pool = await open('some.db', 1);
    const running = outcome(pool, 'slow');
    const waiting = outcome(pool, 'a');
    await pool.close();
    expect(await running).toBe('store_unavailable');
    expect(await waiting).toBe('store_unavailable');
    expect(await outcome(pool, 'later')).toBe('store_unavailable');
  });

  test('no compiled worker beside the module: no pool, the caller searches on its own thread', async () => {
    const none = await createSearchPool({
      db: 'some.db',
      worker_url: pathToFileURL(join(dir, 'absent.js')),
    });
    expect(none).toBeNull();
  });
});
