import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import type { CairnError } from '../errors.js';
import type { SourceResult, SourceTask } from './process-source.js';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from './worker-pool.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in worker speaking the pool's protocol: echoes, fails, dies, hangs,
 * runs out of memory or answers late on request, saying how many tasks it had been sent by then.
 */
const worker = join(dir, 'fake-worker.mjs');
writeFileSync(
  worker,
  `import { parentPort, threadId } from 'node:worker_threads';
let sent = 0;
let previous = Promise.resolve();
// one task after another, as the real worker runs them
parentPort.on('message', ({ id, task }) => {
  sent++;
  previous = previous.then(() => answer(id, task));
});
async function answer(id, task) {
  const what = task.source_url;
  if (what === 'slow') await new Promise((resolve) => setTimeout(resolve, 300));
  if (what === 'die') process.exit(3);
  if (what === 'hang') for (;;) {}
  if (what === 'oom') { const hog = []; for (;;) hog.push(new Array(100000).fill(what)); }
  const heap_bytes = what.startsWith('big') ? 300 * 1024 * 1024 : 1024;
  if (what.endsWith('fail')) parentPort.postMessage({ id, ok: false, heap_bytes, error: { code: 'invalid_utf8', message: 'bad byte', details: { source: what } } });
  else parentPort.postMessage({
    id, ok: true, heap_bytes,
    result: { result: { doc: { source_url: what, bytes: task.bytes.length, thread: threadId, sent }, chunks: [] } },
  });
}
`,
);

const task = (source_url: string): SourceTask => ({
  source_url,
  bytes: new Uint8Array([1, 2, 3]),
  chunker_id: 'x',
});

/** The task's name when it ran, the error's code when it did not. */
function outcome(result: PromiseSettledResult<SourceResult>): string {
  return result.status === 'fulfilled'
    ? (result.value.doc as { source_url: string }).source_url
    : (result.reason as { code: string }).code;
}

/** A pool of the stand-in worker, closed after `use`. */
async function withPool(
  options: Omit<WorkerPoolOptions, 'worker_url'>,
  use: (pool: WorkerPool) => Promise<void>,
): Promise<void> {
  const pool = createWorkerPool({ ...options, worker_url: pathToFileURL(worker) });
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

/** The thread a task that ran was run on; 0 for one that failed. */
function threadOf(result: PromiseSettledResult<SourceResult>): number {
  if (result.status === 'rejected') return 0;
  return (result.value.doc as unknown as { thread: number }).thread;
}

describe('createWorkerPool', () => {
  test('runs tasks on threads; a failing task rejects with its code; a dying or hanging worker is replaced', () =>
    withPool({ size: 2, task_timeout_ms: 1000 }, async (pool) => {
      expect(pool.threads).toBe(2);
      const results = await Promise.allSettled(
        ['a', 'fail', 'die', 'hang', 'b', 'c'].map((name) => pool.run(task(name))),
      );
      expect(results.map(outcome)).toEqual([
        'a',
        'invalid_utf8',
        'internal_invariant',
        'parse_timeout',
        'b',
        'c',
      ]);
      // the file's bytes went over (transferred when they own their buffer)
      const moved = await pool.run(task('d'));
      expect((moved.doc as unknown as { bytes: number }).bytes).toBe(3);
    }));

  test('a worker that runs out of heap fails its task with worker_out_of_memory, naming the limit, and is replaced', () =>
    withPool({ size: 1, heap_limit_mb: 32 }, async (pool) => {
      const results = await Promise.allSettled(
        ['a', 'oom', 'b'].map((name) => pool.run(task(name))),
      );
      expect(results.map(outcome)).toEqual(['a', 'worker_out_of_memory', 'b']);
      const error = (results[1] as PromiseRejectedResult).reason as CairnError;
      expect(error.message).toContain('32 MB');
      expect(error.details).toMatchObject({ source: 'oom', heap_limit_mb: 32 });
      const [a, , b] = results.map(threadOf);
      expect(b).not.toBe(a);
    }));

  test('a task posted to a worker behind one that kills or hangs it is run by the replacement', () =>
    withPool({ size: 1, task_timeout_ms: 1000, hold_next: true }, async (pool) => {
      const results = await Promise.allSettled(
        ['a', 'die', 'b', 'hang', 'c', 'd'].map((name) => pool.run(task(name))),
      );
      expect(results.map(outcome)).toEqual([
        'a',
        'internal_invariant',
        'b',
        'parse_timeout',
        'c',
        'd',
      ]);
      const [a, , b, , c, d] = results.map(threadOf);
      // 'b' and 'c' waited in a worker that then died or hung, and ran in its replacement
      expect(new Set([a, b, c]).size).toBe(3);
      expect(d).toBe(c);
    }));

  test('with hold_next a worker is sent its next task before it answers the running one, without it not', async () => {
    const sentBeforeAnswering = async (hold_next: boolean): Promise<number> => {
      let sent = 0;
      await withPool({ size: 1, hold_next }, async (pool) => {
        const [slow] = await Promise.all([pool.run(task('slow')), pool.run(task('b'))]);
        sent = (slow.doc as unknown as { sent: number }).sent;
      });
      return sent;
    };
    expect(await sentBeforeAnswering(true)).toBe(2);
    expect(await sentBeforeAnswering(false)).toBe(1);
  });

  test('a worker whose heap grew past the limit after a task, failed or not, is replaced; its answer still arrives', () =>
    withPool({ size: 1, recycle_heap_mb: 200 }, async (pool) => {
      const results: PromiseSettledResult<SourceResult>[] = [];
      // one at a time, so that no task waits in the worker being replaced
      for (const name of ['a', 'big', 'b', 'c', 'big-fail', 'd'])
        results.push(...(await Promise.allSettled([pool.run(task(name))])));
      expect(results.map(outcome)).toEqual(['a', 'big', 'b', 'c', 'invalid_utf8', 'd']);
      const [a, big, b, c, , d] = results.map(threadOf);
      expect(big).toBe(a);
      expect(b).not.toBe(big);
      expect(c).toBe(b);
      expect(d).not.toBe(c);
    }));

  test('closing the pool settles the tasks still running, so no timeout timer keeps the process alive', async () => {
    const pool = createWorkerPool({
      size: 1,
      task_timeout_ms: 60_000,
      worker_url: pathToFileURL(worker),
    });
    const running = pool.run(task('hang'));
    const waiting = pool.run(task('a'));
    const both = Promise.allSettled([running, waiting]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await pool.close();
    const settled = await Promise.race([
      both,
      new Promise((resolve) => setTimeout(() => resolve('still pending'), 2000)),
    ]);
    expect(settled).not.toBe('still pending');
    expect((settled as PromiseSettledResult<SourceResult>[]).map(outcome)).toEqual([
      'internal_invariant',
      'internal_invariant',
    ]);
  });

  test('without a compiled worker beside it (running from TypeScript), tasks run on the calling thread', () => {
    const pool = createWorkerPool({ size: 4, worker_url: pathToFileURL(join(dir, 'missing.js')) });
    expect(pool.threads).toBe(0);
  });
});
