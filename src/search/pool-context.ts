import type { RerankCandidate } from './rank-hits.js';

/** A section's context is the engine scores of its best this-many candidates, summed. */
const CONTEXT_TOP = 3;

/** Each candidate's section context: its part's best `CONTEXT_TOP` engine scores summed, over the best such sum. */
export function sectionContext(candidates: readonly RerankCandidate[]): number[] {
  const parts = candidates.map(partOf);
  const scores = new Map<string, number[]>();
  candidates.forEach(({ score_norm }, i) => {
    const list = scores.get(parts[i]!);
    if (list === undefined) scores.set(parts[i]!, [score_norm]);
    else list.push(score_norm);
  });
  const sums = new Map<string, number>();
  let best = 0;
  for (const [part, list] of scores) {
    const sum = list
      .sort((a, b) => b - a)
      .slice(0, CONTEXT_TOP)
      .reduce((s, x) => s + x, 0);
    sums.set(part, sum);
    if (sum > best) best = sum;
  }
  return parts.map((part) => (best > 0 ? sums.get(part)! / best : 0));
}

/** The part of its document a candidate's section sits in: the document and every heading but the innermost. */
function partOf({ document_id, heading_path }: RerankCandidate): string {
  // NUL is in no stored heading (documents' text turns it into U+FFFD), so the key is unambiguous
  return [document_id, ...heading_path.slice(0, -1)].join('\u0000');
}

/**
 * Each candidate's best neighbour value: the larger `values` of the chunks
 * just before and just after it in its document, among the candidates (a
 * neighbour outside the pool counts 0). An answer split across a chunk
 * boundary leaves the question's words in both halves.
 */
export function neighbourBest(
  candidates: readonly RerankCandidate[],
  values: readonly number[],
): number[] {
  const at = new Map<string, number>();
  for (const [i, { document_id, seq }] of candidates.entries()) at.set(`${document_id}:${seq}`, i);
  return candidates.map(({ document_id, seq }) => {
    let best = 0;
    for (const next of [seq - 1, seq + 1]) {
      const j = at.get(`${document_id}:${next}`);
      if (j !== undefined && values[j]! > best) best = values[j]!;
    }
    return best;
  });
}
