import type { LexicalMatch } from '../store/types.js';
import { NO_SECTION_ID } from '../types.js';

export interface RankedMatch {
  match: LexicalMatch;
  score_norm: number;
  /** The reranker's score, 0 to 1; null when no reranker ran. */
  rerank_score: number | null;
  k_pos: number;
  k_final: number;
}

/** What a reranker sees of one match. */
export interface RerankCandidate {
  text: string;
  /** The engine's score made 0 to 1. */
  score_norm: number;
  /** The stored document the chunk belongs to (its row id). */
  document_id: number;
  /** The chunk's headings, outermost first: all but the last name the part of the document its section sits in. */
  heading_path: readonly string[];
  /** The chunk's position in its document's reading order (0-based): its neighbours are one before and one after. */
  seq: number;
}

/** Scores each candidate, 0 to 1. */
export type Reranker = (candidates: readonly RerankCandidate[]) => number[];

/**
 * Scores made comparable across stores and the final order (seed 001):
 * `score_norm = score_raw / max(score_raw)` over the query's hits, rounded
 * to 6 decimals, so the best hit is 1 and equal raw scores stay equal
 * (all hits get 0 when no raw score is positive). `k_pos` is the engine's
 * order; `k_final` sorts by `rerank_score` desc when a reranker ran, then
 * by seed 001's tie-break (score_norm desc, section_id asc, snippet_id
 * asc), comparing IDs in code-unit order.
 */
export function rankHits(
  matches: readonly LexicalMatch[],
  rerank?: Reranker,
  sectionOf: (match: LexicalMatch) => string = (match) => match.chunk.section_id || NO_SECTION_ID,
): RankedMatch[] {
  const max = matches.reduce((m, x) => Math.max(m, x.score_raw), 0);
  const ranked: RankedMatch[] = matches.map((match, index) => ({
    match,
    score_norm: max > 0 ? Math.round((Math.max(0, match.score_raw) / max) * 1e6) / 1e6 : 0,
    rerank_score: null,
    k_pos: index + 1,
    k_final: 0,
  }));
  if (rerank !== undefined) {
    const scores = rerank(
      ranked.map((r) => ({
        text: r.match.chunk.text,
        score_norm: r.score_norm,
        document_id: r.match.chunk.document_id,
        heading_path: r.match.chunk.heading_path,
        seq: r.match.chunk.seq,
      })),
    );
    ranked.forEach((hit, index) => {
      hit.rerank_score = scores[index]!;
    });
  }
  ranked.sort(
    (a, b) =>
      (b.rerank_score ?? 0) - (a.rerank_score ?? 0) ||
      b.score_norm - a.score_norm ||
      // the payload's section_id, so that a ranked hit list checks out under seed rule 5
      compare(sectionOf(a.match), sectionOf(b.match)) ||
      compare(a.match.chunk.chunk_id, b.match.chunk.chunk_id),
  );
  ranked.forEach((hit, index) => {
    hit.k_final = index + 1;
  });
  return ranked;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
