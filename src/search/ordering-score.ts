import type { Citation } from './types.js';

/**
 * The score a hit list is ordered by: the reranker's when one ran (lexical
 * search), else `score_norm` (the engine's score made 0 to 1; in hybrid
 * search the fused reciprocal-rank score). It never rises down the list,
 * so it is the one to show beside a hit; the others are details.
 */
export function orderingScore(hit: Pick<Citation, 'rerank_score' | 'score_norm'>): number {
  return hit.rerank_score ?? hit.score_norm;
}
