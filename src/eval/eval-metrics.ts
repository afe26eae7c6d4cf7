import type { GoldSpan } from './load-squad.js';
import { mean } from './summary-stats.js';

/** What scoring needs of one retrieved chunk: its document, its code point span and its size. */
export interface RetrievedSpan {
  doc_id: string;
  start: number;
  end: number;
  tokens: number;
}

/**
 * The 1-based rank of the first retrieved chunk of `docId` whose span covers
 * one of the gold answers whole, or null when none does.
 */
export function firstHitRank(
  retrieved: readonly RetrievedSpan[],
  docId: string,
  answers: readonly GoldSpan[],
): number | null {
  for (let i = 0; i < retrieved.length; i++) {
    const hit = retrieved[i]!;
    if (hit.doc_id !== docId) continue;
    if (answers.some((answer) => hit.start <= answer.start && answer.end <= hit.end)) return i + 1;
  }
  return null;
}

export interface RetrievalMetrics {
  questions: number;
  /**
   * Share of questions with a hit within the first 1, 5 and 10 results;
   * null for a cutoff past the k results retrieved, which were never looked at
   * (with k = 3, a "hit@10" would only repeat hit@3).
   */
  hit_at_1: number;
  hit_at_5: number | null;
  hit_at_10: number | null;
  /** Mean of 1/rank of the first hit (0 when none within k). */
  mrr: number;
  /** Tokens of the top 5 results, summed per question, averaged over questions. */
  mean_tokens_at_5: number;
}

export interface QuestionOutcome {
  rank: number | null;
  tokens_at_5: number;
}

/** Aggregates per-question outcomes; an empty list gives zeros. `k`: results retrieved per question (default: unbounded). */
export function computeMetrics(
  outcomes: readonly QuestionOutcome[],
  options: { k?: number } = {},
): RetrievalMetrics {
  const k = options.k ?? Number.POSITIVE_INFINITY;
  const n = outcomes.length;
  const share = (test: (o: QuestionOutcome) => boolean) =>
    n === 0 ? 0 : outcomes.filter(test).length / n;
  const within = (k: number) => (o: QuestionOutcome) => o.rank !== null && o.rank <= k;
  const meanOf = (value: (o: QuestionOutcome) => number) => mean(outcomes.map(value)) ?? 0;
  return {
    questions: n,
    hit_at_1: share(within(1)),
    hit_at_5: k < 5 ? null : share(within(5)),
    hit_at_10: k < 10 ? null : share(within(10)),
    mrr: meanOf((o) => (o.rank === null ? 0 : 1 / o.rank)),
    mean_tokens_at_5: meanOf((o) => o.tokens_at_5),
  };
}
