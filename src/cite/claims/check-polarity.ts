import { alignedClauses } from './aligned-clauses.js';
import { quoted, reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import {
  modalityOf,
  type Negation,
  negationsIn,
  stemsReached,
  unansweredNegations,
} from './polarity-of.js';
import type { ClaimInput, ClaimReason } from './types.js';

/** A limit, under which a permission and a duty say the same ("may ... at most", "must not exceed"). */
const BOUND =
  /\b(?:at most|at least|up to|not (?:to )?exceed|exceeding|(?:no|not) (?:more|less|fewer|later|earlier) than|limited to|maximum|minimum)\b/iu;

const wholeOf = (text: string) => ({ start16: 0, end16: text.length });

const said = (negations: readonly Negation[]): string =>
  negations.map((n) => quoted(n.word.text)).join(' and ');

/**
 * Negation and modality, clause by clause: when a claim clause negates a
 * word its passage clause (or sentence) affirms, or affirms one the passage
 * negates, with no negation on the other side reaching the same words
 * ("need not" against "must", "is not exempt" against "is exempt"):
 * contradicted. A claim clause that turns a duty into a permission or the
 * reverse ("may" against "must"): unsupported.
 */
export function checkPolarity(input: ClaimInput): ClaimReason[] {
  const reasons: ClaimReason[] = [];
  for (const { claim, passage: clause, of } of alignedClauses(input)) {
    const claimWords = analyze(input.text).words;
    const passageWords = analyze(of.text).words;
    const claimNegations = negationsIn(input.text, claimWords, claim);
    const passageNegations = negationsIn(of.text, passageWords, clause);
    const passageReach = stemsReached(of.text, passageWords, clause);
    const shared = new Set(
      [...stemsReached(input.text, claimWords, claim)].filter((s) => passageReach.has(s)),
    );
    const { claim: claimOnly, passage: passageOnly } = unansweredNegations(
      { here: claimNegations, all: negationsIn(input.text, claimWords, wholeOf(input.text)) },
      { here: passageNegations, all: negationsIn(of.text, passageWords, wholeOf(of.text)) },
      shared,
    );
    const passage = { of, span: { start16: clause.start16, end16: clause.end16 } };
    const claimSpan = { start16: claim.start16, end16: claim.end16 };
    if (claimOnly.length > 0 || passageOnly.length > 0) {
      const claimSays = claimOnly.length > 0 ? said(claimOnly) : 'it without a negation';
      const passageSays = passageOnly.length > 0 ? said(passageOnly) : 'it without one';
      reasons.push(
        reasonOf(input, {
          check: 'polarity',
          code: 'negation_flipped',
          verdict: 'contradicted',
          message: `claim says ${claimSays}; ${of.label} says ${passageSays}: ${quoted(of.text.slice(clause.start16, clause.end16))}`,
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
    // "can last at most 10 years" and "shall not exceed 10 years" state one limit
    const claimText = input.text.slice(claim.start16, claim.end16);
    if (BOUND.test(claimText) || BOUND.test(of.text.slice(clause.start16, clause.end16))) continue;
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
