import type { RankedMatch } from './rank-hits.js';

/** How many of the lexical engine's best hits a lexical embedder's fusion may not push down. */
export const LEXICAL_KEEP = 3;

type Fused = RankedMatch & { ranks: { lexical: number | null } };

/**
 * Hybrid fusion with a lexical embedder (the built-in hash embedder) adds
 * no meaning to BM25, only a second opinion on the same words, which can
 * push the right passage far down: each of the lexical top `LEXICAL_KEEP`
 * is moved up to its lexical rank when fusion put it below. A hit moved up
 * takes a fused score between its new neighbours', so the scores still
 * never rise down the list and `score_norm` is recomputed over it.
 */
export function keepLexicalTop<T extends Fused>(fused: readonly T[]): T[] {
  const order = [...fused];
  const pinned = order
    .filter((r) => r.ranks.lexical !== null && r.ranks.lexical <= LEXICAL_KEEP)
    .sort((a, b) => a.ranks.lexical! - b.ranks.lexical!);
  const raised = new Set<T>();
  for (const hit of pinned) {
    const at = order.indexOf(hit);
    const to = hit.ranks.lexical! - 1;
    if (at <= to) continue;
    order.splice(at, 1);
    order.splice(to, 0, hit);
    raised.add(hit);
  }
  if (raised.size === 0) return [...fused];
  const scores = order.map((r) => r.match.score_raw);
  // lowest first, so a raised hit's successor has its final score; the bound above is the
  // nearest hit that kept its place (raised ones above still hold their old, lower score)
  for (let i = order.length - 1; i >= 0; i--) {
    if (!raised.has(order[i]!)) continue;
    const below = scores[i + 1] ?? 0;
    let j = i - 1;
    while (j >= 0 && raised.has(order[j]!)) j--;
    const above = j >= 0 ? scores[j]! : below + Math.abs(below) + Number.EPSILON;
    scores[i] = (above + below) / 2;
  }
  const max = Math.max(...scores, 0);
  return order.map((r, i) => ({
    ...r,
    match: { ...r.match, score_raw: scores[i]! },
    score_norm: max > 0 ? Math.round((Math.max(0, scores[i]!) / max) * 1e6) / 1e6 : 0,
    k_final: i + 1,
  }));
}
