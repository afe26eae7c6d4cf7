import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { TracedResult } from './types.js';
import { traceLogCapBytes, writeTrace } from './write-trace.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const result: TracedResult = {
  qid: 'q-trace',
  query: 'ownership',
  chunker_id: 'structure@v1:00000000',
  analyzer: 'test',
  index_hash: 'lex:0',
  embed_model: 'none',
  hits: [],
};

test('the trace log folder is made when missing, and later lines append to the same file', async () => {
  const store = await openStore({ db: join(dir, 'cairn.db') });
  try {
    const log = join(dir, 'not', 'yet', 'traces.log');
    await writeTrace(store, result, { k: 5, log_path: log });
    await writeTrace(store, { ...result, qid: 'q-trace-2' }, { k: 5, log_path: log });
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('qid=q-trace ');
    expect(lines[1]).toContain('qid=q-trace-2 ');
    expect(await store.listRagTraces()).toHaveLength(2);
  } finally {
    await store.close();
  }
});

test('the trace log is rotated with the rows: past its cap it becomes traces.log.1, so both stay bounded', async () => {
  const store = await openStore({ db: join(dir, 'capped.db') });
  try {
    const log = join(dir, 'capped', 'traces.log');
    const retention = { rows: 5 };
    const cap = traceLogCapBytes(retention);
    const line = (i: number) => ({
      ...result,
      qid: `q-cap-${i}`,
      query: `ownership ${'x'.repeat(300)}`,
    });
    for (let i = 0; i < 60; i++)
      await writeTrace(store, line(i), { k: 5, log_path: log, retention });
    const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
    const current = read(log);
    const older = read(`${log}.1`);
    const longest = Math.max(...`${older}${current}`.split('\n').map((l) => l.length + 1));
    // the file written to stays under the cap; the one rotated out went past it by one line at most
    expect(Buffer.byteLength(current)).toBeLessThanOrEqual(cap);
    expect(Buffer.byteLength(older)).toBeGreaterThan(cap);
    expect(Buffer.byteLength(older)).toBeLessThanOrEqual(cap + longest);
    // 60 lines were written, far more than the two files hold; the newest is kept
    expect(`${older}${current}`.split('\n').length - 1).toBeLessThan(60);
    expect(`${older}${current}`).toContain('qid=q-cap-59 ');
    // the cap follows the retention's rows
    expect(traceLogCapBytes({ rows: 100_000 })).toBeGreaterThan(traceLogCapBytes({ rows: 10_000 }));
  } finally {
    await store.close();
  }
});
