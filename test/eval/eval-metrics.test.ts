import { describe, expect, test } from 'vitest';
import { computeMetrics, firstHitRank, type RetrievedSpan } from '../../src/eval/eval-metrics.js';

const hit = (doc_id: string, start: number, end: number, tokens = 10): RetrievedSpan => ({
  doc_id,
  start,
  end,
  tokens,
});

describe('firstHitRank', () => {
  const gold = [{ start: 100, end: 110, text: 'x'.repeat(10) }];

  test('the first chunk of the right document that covers the whole answer', () => {
    const retrieved = [hit('b', 0, 500), hit('a', 0, 105), hit('a', 105, 200), hit('a', 90, 110)];
    expect(firstHitRank(retrieved, 'a', gold)).toBe(4);
  });

  test('half-open spans: a chunk ending exactly at the answer end covers it', () => {
    expect(firstHitRank([hit('a', 100, 110)], 'a', gold)).toBe(1);
    expect(firstHitRank([hit('a', 101, 110)], 'a', gold)).toBeNull();
    expect(firstHitRank([hit('a', 100, 109)], 'a', gold)).toBeNull();
  });

  test('any gold answer counts', () => {
    const answers = [...gold, { start: 300, end: 305, text: 'y'.repeat(5) }];
    expect(firstHitRank([hit('a', 0, 50), hit('a', 290, 320)], 'a', answers)).toBe(2);
  });

  test('no hits, no rank', () => {
    expect(firstHitRank([], 'a', gold)).toBeNull();
  });
});

describe('computeMetrics', () => {
  test('hit rates, MRR and tokens from hand-made outcomes', () => {
    const metrics = computeMetrics([
      { rank: 1, tokens_at_5: 100 },
      { rank: 3, tokens_at_5: 200 },
      { rank: 7, tokens_at_5: 300 },
      { rank: null, tokens_at_5: 400 },
    ]);
    expect(metrics.questions).toBe(4);
    expect(metrics.hit_at_1).toBe(0.25);
    expect(metrics.hit_at_5).toBe(0.5);
    expect(metrics.hit_at_10).toBe(0.75);
    expect(metrics.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 7) / 4, 12);
    expect(metrics.mean_tokens_at_5).toBe(250);
  });

  test('a cutoff past the k results retrieved is not measured: null, not a copy of hit@k', () => {
    const outcomes = [
      { rank: 1, tokens_at_5: 100 },
      { rank: 3, tokens_at_5: 200 },
    ];
    expect(computeMetrics(outcomes, { k: 3 })).toMatchObject({
      hit_at_1: 0.5,
      hit_at_5: null,
      hit_at_10: null,
    });
    expect(computeMetrics(outcomes, { k: 5 })).toMatchObject({ hit_at_5: 1, hit_at_10: null });
    expect(computeMetrics(outcomes, { k: 10 })).toMatchObject({ hit_at_5: 1, hit_at_10: 1 });
  });

  test('no questions gives zeros, not NaN', () => {
    expect(computeMetrics([])).toEqual({
      questions: 0,
      hit_at_1: 0,
      hit_at_5: 0,
      hit_at_10: 0,
      mrr: 0,
      mean_tokens_at_5: 0,
    });
  });
});
