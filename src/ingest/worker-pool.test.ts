import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import type { SourceTask } from './process-source.js';
import { createWorkerPool } from './worker-pool.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in worker speaking the pool's protocol: echoes, fails, dies or hangs on request. */
const worker = join(dir, 'fake-worker.mjs');
writeFileSync(
  worker,
  `import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', ({ id, task }) => {
  const what = task.source_url;
  if (what === 'die') process.exit(3);
  if (what === 'hang') for (;;) {}
  if (what === 'fail') parentPort.postMessage({ id, ok: false, error: { code: 'invalid_utf8', message: 'bad byte', details: { source: what } } });
  else parentPort.postMessage({
    id, ok: true, heap_bytes: what === 'big' ? 300 * 1024 * 1024 : 1024,
    result: { result: { doc: { source_url: what, bytes: task.bytes.length, thread: threadId }, chunks: [] } },
  });
});
`,
);

const task = (source_url: string): SourceTask => ({
  source_url,
  bytes: new Uint8Array([1, 2, 3]),
  chunker_id: 'x',
});

describe('createWorkerPool', () => {
  test('runs tasks on threads; a failing task rejects with its code; a dying or hanging worker is replaced', async () => {
    const pool = createWorkerPool({
      size: 2,
      worker_url: pathToFileURL(worker),
      task_timeout_ms: 1000,
    });
    try {
      expect(pool.threads).toBe(2);
      const results = await Promise.allSettled(
        ['a', 'fail', 'die', 'hang', 'b', 'c'].map((name) => pool.run(task(name))),
      );
      expect(
        results.map((r) =>
          r.status === 'fulfilled'
            ? (r.value.doc as { source_url: string }).source_url
            : (r.reason as { code: string }).code,
        ),
      ).toEqual(['a', 'invalid_utf8', 'internal_invariant', 'parse_timeout', 'b', 'c']);
      // the file's bytes went over (transferred when they own their buffer)
      const moved = await pool.run(task('d'));
      expect((moved.doc as unknown as { bytes: number }).bytes).toBe(3);
    } finally {
      await pool.close();
    }
  });

  test('a task posted to a worker behind one that kills or hangs it is run by the replacement', async () => {
    const pool = createWorkerPool({
      size: 1,
      worker_url: pathToFileURL(worker),
      task_timeout_ms: 1000,
    });
    try {
      const results = await Promise.allSettled(
        ['a', 'die', 'b', 'hang', 'c', 'd'].map((name) => pool.run(task(name))),
      );
      expect(
        results.map((r) =>
          r.status === 'fulfilled'
            ? (r.value.doc as { source_url: string }).source_url
            : (r.reason as { code: string }).code,
        ),
      ).toEqual(['a', 'internal_invariant', 'b', 'parse_timeout', 'c', 'd']);
      const thread = (r: PromiseSettledResult<unknown>) =>
        (r as PromiseFulfilledResult<{ doc: { thread: number } }>).value.doc.thread;
      // 'b' and 'c' waited in a worker that then died or hung, and ran in its replacement
      expect(new Set([thread(results[0]!), thread(results[2]!), thread(results[4]!)]).size).toBe(3);
      expect(thread(results[5]!)).toBe(thread(results[4]!));
    } finally {
      await pool.close();
    }
  });

  test('a worker whose heap grew past the limit after a task is replaced; its answer still arrives', async () => {
    const pool = createWorkerPool({
      size: 1,
      worker_url: pathToFileURL(worker),
      recycle_heap_mb: 200,
    });
    const threadOf = async (name: string) => {
      const { doc } = await pool.run(task(name));
      return [
        (doc as { source_url: string }).source_url,
        (doc as unknown as { thread: number }).thread,
      ];
    };
    try {
      const [a, big, b, c] = [
        await threadOf('a'),
        await threadOf('big'),
        await threadOf('b'),
        await threadOf('c'),
      ];
      expect([a![0], big![0], b![0], c![0]]).toEqual(['a', 'big', 'b', 'c']);
      expect(big![1]).toBe(a![1]);
      expect(b![1]).not.toBe(big![1]);
      expect(c![1]).toBe(b![1]);
    } finally {
      await pool.close();
    }
  });

  test('without a compiled worker beside it (running from TypeScript), tasks run on the calling thread', () => {
    const pool = createWorkerPool({ size: 4, worker_url: pathToFileURL(join(dir, 'missing.js')) });
    expect(pool.threads).toBe(0);
  });
});
