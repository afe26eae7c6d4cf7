import { CairnError } from '../errors.js';
import type { PassageReranker } from './passage-reranker.js';
import type { RankedMatch } from './rank-hits.js';

export interface SecondStage {
  reranker: PassageReranker;
  /** What the passages are scored against: the search's query (of several, the first). */
  query: string;
  /** Candidates from the top of the first stage that the reranker sees. */
  top: number;
}

/**
 * The first stage's best `top` candidates reordered by the reranker's
 * scores (ties keep the first-stage order), the rest after them as they
 * were. Each reordered hit's `rerank_score` is the reranker's score and
 * its `k_pos` its first-stage rank; the fields the first stage gave
 * (engine ranks, queries) stay. A reranker that fails or times out leaves
 * the first-stage order, with a warning saying why: never an error.
 */
export async function rerankSecondStage<T extends RankedMatch>(
  ranked: readonly T[],
  stage: SecondStage,
): Promise<{ ranked: T[]; warning: { code: string; message: string } | null }> {
  const head = ranked.slice(0, stage.top);
  let scores: number[];
  try {
    scores = await stage.reranker.rerank(
      stage.query,
      head.map((r) => r.match.chunk.text),
    );
    if (scores.length !== head.length || !scores.every(Number.isFinite))
      throw new CairnError(
        'reranker_bad_response',
        `${stage.reranker.id} gave ${scores.length} scores for ${head.length} passages`,
      );
  } catch (error) {
    const code = error instanceof CairnError ? error.code : 'reranker_unavailable';
    const message = error instanceof Error ? error.message : String(error);
    return {
      ranked: [...ranked],
      warning: { code, message: `${message}; the hits keep the first-stage order` },
    };
  }
  const order = head
    .map((r, i) => ({ r, score: scores[i]!, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  return {
    ranked: [
      ...order.map(({ r, score }, j) => ({
        ...r,
        k_pos: r.k_final,
        k_final: j + 1,
        rerank_score: Math.round(score * 1e6) / 1e6,
      })),
      ...ranked.slice(stage.top).map((r) => ({ ...r, k_pos: r.k_final })),
    ],
    warning: null,
  };
}
