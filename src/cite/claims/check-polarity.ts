import { alignedClauses } from './aligned-clauses.js';
import { quoted, reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import {
  modalityOf,
  type Negation,
  type NegationsOf,
  negationsIn,
  stemsReached,
  unansweredNegations,
} from './polarity-of.js';
import { sentenceSpans } from './sentence-spans.js';
import type { Word } from './text-words.js';
import type { ClaimInput, ClaimReason } from './types.js';

interface Span16 {
  start16: number;
  end16: number;
}

/** A limit, under which a permission and a duty say the same ("may ... at most", "must not exceed"). */
const BOUND =
  /\b(?:at most|at least|up to|not (?:to )?exceed|exceeding|(?:no|not) (?:more|less|fewer|later|earlier) than|limited to|maximum|minimum)\b/iu;

/** The negations of a clause, among those of its sentences. */
function negationsOf(text: string, words: readonly Word[], clause: Span16): NegationsOf {
  const all = negationsIn(text, words, sentenceOf(text, clause));
  const here = all.filter((n) => n.word.start16 >= clause.start16 && n.word.end16 <= clause.end16);
  return { here, all };
}

/** The sentences a clause lies in: where a negation may answer one of the other text's. */
function sentenceOf(text: string, clause: Span16): Span16 {
  const touched = sentenceSpans(text).filter(
    (s) => s.end16 > clause.start16 && s.start16 < clause.end16,
  );
  return touched.length === 0
    ? clause
    : { start16: touched[0]!.start16, end16: touched[touched.length - 1]!.end16 };
}

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
  const claimWords = analyze(input.text).words;
  for (const { claim, passage: clause, of } of alignedClauses(input)) {
    const passageWords = analyze(of.text).words;
    const claimNegations = negationsOf(input.text, claimWords, claim);
    const passageNegations = negationsOf(of.text, passageWords, clause);
    const passageReach = stemsReached(of.text, passageWords, clause);
    const shared = new Set(
      [...stemsReached(input.text, claimWords, claim)].filter((s) => passageReach.has(s)),
    );
    const { claim: claimOnly, passage: passageOnly } = unansweredNegations(
      claimNegations,
      passageNegations,
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
