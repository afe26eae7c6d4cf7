import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openStore } from '../store/open-store.js';
import { MAX_TRACED_SEGMENTS, traceAnswer } from './trace-answer.js';
import type { AnswerVerificationResult } from './types.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-trace-answer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('one answer traces at most MAX_TRACED_SEGMENTS segments, however many it has', async () => {
  const store = await openStore({ db: join(dir, 'cairn.db') });
  try {
    const segments = MAX_TRACED_SEGMENTS * 3;
    const verified = {
      ok: true,
      issues: [],
      segments,
      citations: [],
      measured: {},
      checked_segments: Array.from({ length: segments }, (_, segment) => ({
        segment,
        citations: [],
        verdicts: [],
      })),
    } as unknown as AnswerVerificationResult;
    const log = join(dir, 'traces.log');
    const traced = await traceAnswer(store, verified, { trace_log: log });
    const rows = (await store.listRagTraces()).filter((r) => r.qid === traced.qid);
    expect(rows).toHaveLength(MAX_TRACED_SEGMENTS);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(MAX_TRACED_SEGMENTS);
  } finally {
    await store.close();
  }
});
