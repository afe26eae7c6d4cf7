import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openStore } from '../store/open-store.js';
import type { TracedResult } from './types.js';
import { writeTrace } from './write-trace.js';

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
