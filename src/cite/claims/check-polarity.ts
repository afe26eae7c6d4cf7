import { alignedClauses } from './aligned-clauses.js';
import { quoted, reasonOf } from './claim-reason.js';
import { modalityOf, negationsIn } from './polarity-of.js';
import type { Word } from './text-words.js';
import type { ClaimInput, ClaimReason } from './types.js';

/** Words a negation can reach before a shared word: "will not automatically create". */
const REACH = 5;

/**
 * The words of a passage clause from a little before its first word shared
 * with the claim to a little after its last ("does not" closes a clause):
 * a negation elsewhere in a long clause is about other words.
 */
function aroundShared(words: readonly Word[], shared: ReadonlySet<string>): Word[] {
  const first = words.findIndex((w) => shared.has(w.stem));
  const last = words.findLastIndex((w) => shared.has(w.stem));
  return first < 0 ? [] : words.slice(Math.max(0, first - REACH), last + 1 + REACH);
}

/**
 * Negation and modality, clause by clause: when a claim clause's negations
 * and those around the same words of the passage clause (or sentence) it
 * restates differ in parity, the claim negates what the passage affirms or
 * the reverse ("need not" against "must", "is not exempt" against "is
 * exempt"): contradicted. A claim clause that turns a duty into a
 * permission or the reverse ("may" against "must"): unsupported.
 */
export function checkPolarity(input: ClaimInput): ClaimReason[] {
  const reasons: ClaimReason[] = [];
  for (const { claim, passage: clause, of } of alignedClauses(input)) {
    const shared = new Set([...claim.stems].filter((s) => clause.stems.has(s)));
    const claimNegations = negationsIn(claim.words);
    const passageNegations = negationsIn(aroundShared(clause.words, shared));
    const passage = { of, span: { start16: clause.start16, end16: clause.end16 } };
    const claimSpan = { start16: claim.start16, end16: claim.end16 };
    if (claimNegations.length % 2 !== passageNegations.length % 2) {
      const said = (words: Word[], fallback: string) =>
        words.length === 0 ? fallback : words.map((w) => quoted(w.text)).join(' and ');
      reasons.push(
        reasonOf(input, {
          check: 'polarity',
          code: 'negation_flipped',
          verdict: 'contradicted',
          message: `claim says ${said(claimNegations, 'it without a negation')}; ${of.label} says ${said(passageNegations, 'it without one')}: ${quoted(of.text.slice(clause.start16, clause.end16))}`,
          claim: claimSpan,
          passage,
        }),
      );
      continue;
    }
    const claimModal = modalityOf(claim.words);
    const passageModal = modalityOf(clause.words);
    if (claimModal === null || passageModal === null) continue;
    if (claimModal.modality === passageModal.modality) continue;
    reasons.push(
      reasonOf(input, {
        check: 'modality',
        code: 'modality_changed',
        verdict: 'unsupported',
        message: `claim says ${quoted(claimModal.word.text)} (${claimModal.modality}); ${of.label} says ${quoted(passageModal.word.text)} (${passageModal.modality})`,
        claim: claimSpan,
        passage,
      }),
    );
  }
  return reasons;
}
