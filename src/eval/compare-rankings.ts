import type { QuestionRun } from './ask-gold-questions.js';

export interface RankingDifference {
  id: string;
  /** 0: the question as written; 1.. its paraphrases. */
  phrasing: number;
  /** 1-based rank where the two rankings first differ. */
  rank: number;
  first: string | null;
  second: string | null;
}

/**
 * Where two runs of the same gold set rank differently: the chunk IDs of
 * each phrasing's hits compared rank by rank (a shorter list differs at its
 * end). The runs must be of the same questions in the same order.
 */
export function compareRankings(
  first: readonly QuestionRun[],
  second: readonly QuestionRun[],
): RankingDifference[] {
  const differences: RankingDifference[] = [];
  for (const [q, run] of first.entries()) {
    for (const [p, phrasing] of run.phrasings.entries()) {
      const a = phrasing.hits.map((hit) => hit.snippet_id);
      const b = second[q]?.phrasings[p]?.hits.map((hit) => hit.snippet_id) ?? [];
      const at = firstDifference(a, b);
      if (at === -1) continue;
      differences.push({
        id: run.question.id,
        phrasing: p,
        rank: at + 1,
        first: a[at] ?? null,
        second: b[at] ?? null,
      });
    }
  }
  return differences;
}

function firstDifference(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}
