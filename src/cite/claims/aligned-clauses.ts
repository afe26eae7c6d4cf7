import { analyze, type Clause } from './clauses-of.js';
import type { ClaimInput, EvidencePassage } from './types.js';

/** A clause of the claim with the passage clause that says most of the same words. */
export interface ClausePair {
  claim: Clause;
  passage: Clause;
  of: EvidencePassage;
  /** Content stems the two share, and their share of the claim clause's. */
  shared: number;
  overlap: number;
}

/**
 * Pairs each claim clause of at least two content words with its best
 * passage clause or sentence, where they share at least two content words and half of
 * the claim clause's: the clauses that talk about the same thing, whose
 * polarity, modality and word order can be compared.
 */
export function alignedClauses(input: ClaimInput): ClausePair[] {
  const pairs: ClausePair[] = [];
  const passages = input.passages.map((of) => ({ of, analyzed: analyze(of.text) }));
  for (const claim of analyze(input.text).clauses) {
    if (claim.stems.size < 2) continue;
    let best: ClausePair | null = null;
    for (const { of, analyzed } of passages)
      for (const passage of analyzed.units) {
        let shared = 0;
        for (const stem of claim.stems) if (passage.stems.has(stem)) shared++;
        const overlap = shared / claim.stems.size;
        const closer =
          best === null ||
          shared > best.shared ||
          (shared === best.shared && passage.stems.size < best.passage.stems.size);
        if (shared >= 2 && overlap >= 0.5 && closer) best = { claim, passage, of, shared, overlap };
      }
    if (best !== null) pairs.push(best);
  }
  return pairs;
}
