import { type RankedMatch, rankHits } from './rank-hits.js';

/** Reciprocal rank fusion's constant (Cormack et al. 2009): rank r adds 1 / (60 + r). */
export const RRF_K = 60;

/** One chunk of a fused ranking: its place in the fused order and where each list had it. */
export interface FusedRanked<T extends RankedMatch> extends RankedMatch {
  /** Each list's 1-based `k_final` of the chunk, in the lists' order; null where a list did not return it. */
  list_ranks: (number | null)[];
  /** The chunk as the list that ranked it best had it (the earlier list on a tie). */
  best: T;
}

/**
 * Reciprocal rank fusion of rankings of one store's chunks: score =
 * Σ 1 / (RRF_K + rank) over the lists that returned the chunk, ranks
 * being each list's final order, so a list that returned nothing adds
 * nothing. The fused score is the hit's `score_raw`; `rankHits` gives
 * `score_norm` and breaks ties as every ranking does.
 */
export function fuseRankings<T extends RankedMatch>(
  lists: readonly (readonly T[])[],
): FusedRanked<T>[] {
  const byChunk = new Map<number, { best: T; ranks: (number | null)[] }>();
  lists.forEach((list, index) => {
    for (const r of list) {
      const id = r.match.chunk.id;
      let seen = byChunk.get(id);
      if (seen === undefined) {
        seen = { best: r, ranks: lists.map(() => null) };
        byChunk.set(id, seen);
      } else if (r.k_final < seen.best.k_final) {
        seen.best = r;
      }
      seen.ranks[index] = r.k_final;
    }
  });
  const entries = [...byChunk.values()];
  const scored = entries.map(({ best, ranks }) => ({
    ...best.match,
    score_raw: ranks.reduce<number>((sum, rank) => sum + rrf(rank), 0),
  }));
  // rankHits keeps the input order as k_pos: hand it the fused order
  const ranked = rankHits(
    [...scored].sort((a, b) => b.score_raw - a.score_raw),
    undefined,
  );
  const byId = new Map(entries.map((e) => [e.best.match.chunk.id, e]));
  return ranked.map((r) => {
    const entry = byId.get(r.match.chunk.id)!;
    return { ...r, list_ranks: entry.ranks, best: entry.best };
  });
}

const rrf = (rank: number | null): number => (rank === null ? 0 : 1 / (RRF_K + rank));
