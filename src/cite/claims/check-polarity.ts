import { alignedClauses } from './aligned-clauses.js';
import { quoted, reasonOf } from './claim-reason.js';
import { modalityOf, negationsIn } from './polarity-of.js';
import type { ClaimInput, ClaimReason } from './types.js';

/**
 * Negation and modality, clause by clause: a claim clause that negates
 * what its passage clause affirms, or the reverse ("need not" against
 * "must", "is not exempt" against "is exempt"), is contradicted; one that
 * turns a duty into a permission or the reverse ("may" against "must") is
 * unsupported.
 */
export function checkPolarity(input: ClaimInput): ClaimReason[] {
  const reasons: ClaimReason[] = [];
  for (const pair of alignedClauses(input)) {
    const claimNegations = negationsIn(pair.claim.words);
    const passageNegations = negationsIn(pair.passage.words);
    const clause = { start16: pair.claim.start16, end16: pair.claim.end16 };
    const passage = {
      of: pair.of,
      span: { start16: pair.passage.start16, end16: pair.passage.end16 },
    };
    if (claimNegations.length % 2 !== passageNegations.length % 2) {
      const said = (words: typeof claimNegations, fallback: string) =>
        words.length === 0 ? fallback : words.map((w) => quoted(w.text)).join(' and ');
      reasons.push(
        reasonOf(input, {
          check: 'polarity',
          code: 'negation_flipped',
          verdict: 'contradicted',
          message: `claim says ${said(claimNegations, 'it without a negation')}; ${pair.of.label} says ${said(passageNegations, 'it without one')}: ${quoted(pair.of.text.slice(pair.passage.start16, pair.passage.end16))}`,
          claim: clause,
          passage,
        }),
      );
      continue;
    }
    const claimModal = modalityOf(pair.claim.words);
    const passageModal = modalityOf(pair.passage.words);
    if (
      claimModal !== null &&
      passageModal !== null &&
      claimModal.modality !== passageModal.modality
    )
      reasons.push(
        reasonOf(input, {
          check: 'modality',
          code: 'modality_changed',
          verdict: 'unsupported',
          message: `claim says ${quoted(claimModal.word.text)} (${claimModal.modality}); ${pair.of.label} says ${quoted(passageModal.word.text)} (${passageModal.modality})`,
          claim: clause,
          passage,
        }),
      );
  }
  return reasons;
}
