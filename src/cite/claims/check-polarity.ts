import { alignedClauses, type ClausePair } from './aligned-clauses.js';
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
 * Negation and modality, passage clause by passage clause: the claim
 * clauses that restate one passage clause (a claim may split it, "can be
 * used, but not to ...") negate it together. When their negations and the
 * passage clause's differ in parity, the claim negates what the passage
 * affirms or the reverse ("need not" against "must", "is not exempt"
 * against "is exempt"): contradicted. A claim clause that turns a duty
 * into a permission or the reverse ("may" against "must"): unsupported.
 */
export function checkPolarity(input: ClaimInput): ClaimReason[] {
  const reasons: ClaimReason[] = [];
  const groups = new Map<ClausePair['passage'], ClausePair[]>();
  for (const pair of alignedClauses(input))
    groups.set(pair.passage, [...(groups.get(pair.passage) ?? []), pair]);
  for (const pairs of groups.values()) {
    const { passage: clause, of } = pairs[0]!;
    const shared = new Set(
      pairs.flatMap((p) => [...p.claim.stems].filter((s) => clause.stems.has(s))),
    );
    const claimNegations = pairs.flatMap((p) => negationsIn(p.claim.words));
    const passageNegations = negationsIn(aroundShared(clause.words, shared));
    const passage = { of, span: { start16: clause.start16, end16: clause.end16 } };
    const claimSpan = {
      start16: Math.min(...pairs.map((p) => p.claim.start16)),
      end16: Math.max(...pairs.map((p) => p.claim.end16)),
    };
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
    const passageModal = modalityOf(clause.words);
    for (const pair of pairs) {
      const claimModal = modalityOf(pair.claim.words);
      if (claimModal === null || passageModal === null) continue;
      if (claimModal.modality === passageModal.modality) continue;
      reasons.push(
        reasonOf(input, {
          check: 'modality',
          code: 'modality_changed',
          verdict: 'unsupported',
          message: `claim says ${quoted(claimModal.word.text)} (${claimModal.modality}); ${of.label} says ${quoted(passageModal.word.text)} (${passageModal.modality})`,
          claim: { start16: pair.claim.start16, end16: pair.claim.end16 },
          passage,
        }),
      );
    }
  }
  return reasons;
}
