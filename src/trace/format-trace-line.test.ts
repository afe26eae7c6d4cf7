import { expect, test } from 'vitest';
import { formatTraceLine } from './format-trace-line.js';
import type { TracedResult } from './types.js';

const RESULT: TracedResult = {
  qid: 'q1',
  query: 'ownership',
  chunker_id: 'structure@v1:bef0b2fa',
  analyzer: 'a',
  index_hash: 'h',
  embed_model: 'none',
  hits: [],
};

test('a search line says segment 1, ΔS and λ unmeasured; an answer segment says its own', () => {
  const line = (fields?: Parameters<typeof formatTraceLine>[2]) =>
    formatTraceLine(RESULT, { store: 'sqlite', ts: 'T', k: 5 }, fields);
  expect(line()).toContain(' seg=1 deltaS=-1 lambda=unmeasured k=5 ');
  expect(line({ seg: 2, deltaS: 0.37, lambda: 'convergent' })).toContain(
    ' seg=2 deltaS=0.37 lambda=convergent ',
  );
  // a λ with a space or an equals sign would break the key=value line: it is quoted
  expect(line({ lambda: 'not sure' })).toContain(' lambda="not sure" ');
  expect(line({ lambda: 'a=b' })).toContain(' lambda="a=b" ');
});
