import { alignedClauses } from './aligned-clauses.js';
import { quoted, reasonOf } from './claim-reason.js';
import type { Word } from './text-words.js';
import type { ClaimInput, ClaimReason } from './types.js';

const PASSIVE = /\bby\b/iu;

/** First position of each stem among the words. */
function positions(words: readonly Word[], stems: ReadonlySet<string>): Map<string, number> {
  const at = new Map<string, number>();
  for (const [i, w] of words.entries()) if (stems.has(w.stem) && !at.has(w.stem)) at.set(w.stem, i);
  return at;
}

/**
 * Who does what to whom: in a claim clause and its passage clause, two
 * shared words on either side of a third shared word in one order in the
 * claim and the other in the passage ("the exporter must notify BIS"
 * against "BIS must notify the exporter") have swapped roles. A clause in
 * the passive voice ("by") may reorder them faithfully and is left alone.
 */
export function checkRoles(input: ClaimInput): ClaimReason[] {
  const reasons: ClaimReason[] = [];
  for (const pair of alignedClauses(input)) {
    if (pair.shared < 3) continue;
    const claimText = input.text.slice(pair.claim.start16, pair.claim.end16);
    const passageText = pair.of.text.slice(pair.passage.start16, pair.passage.end16);
    if (PASSIVE.test(claimText) !== PASSIVE.test(passageText)) continue;
    const shared = new Set([...pair.claim.stems].filter((s) => pair.passage.stems.has(s)));
    const inClaim = positions(pair.claim.words, shared);
    const inPassage = positions(pair.passage.words, shared);
    const order = [...inClaim.keys()].sort((a, b) => inClaim.get(a)! - inClaim.get(b)!);
    const swap = findSwap(order, inClaim, inPassage);
    if (swap === null) continue;
    const [a, v, b] = swap.map((stem) => pair.claim.words[inClaim.get(stem)!]!.text);
    reasons.push(
      reasonOf(input, {
        check: 'role',
        code: 'roles_swapped',
        verdict: 'unsupported',
        message: `claim has ${quoted(a!)} before and ${quoted(b!)} after ${quoted(v!)}; ${pair.of.label} has them the other way round: ${quoted(passageText)}`,
        claim: { start16: pair.claim.start16, end16: pair.claim.end16 },
        passage: {
          of: pair.of,
          span: { start16: pair.passage.start16, end16: pair.passage.end16 },
        },
      }),
    );
  }
  return reasons;
}

/** Words apart, at most, of a role and the word that relates it: "the exporter must notify BIS". */
const NEAR = 4;

/**
 * Stems a < v < b in claim order whose passage order is b < v < a, each
 * role near its relation in both texts: a swap is local, where words far
 * apart are only ordered differently.
 */
function findSwap(
  order: readonly string[],
  inClaim: ReadonlyMap<string, number>,
  inPassage: ReadonlyMap<string, number>,
): string[] | null {
  const near = (x: number, y: number) => Math.abs(x - y) <= NEAR;
  for (let i = 0; i < order.length; i++)
    for (let k = i + 2; k < order.length; k++) {
      const a = inPassage.get(order[i]!)!;
      const b = inPassage.get(order[k]!)!;
      if (b >= a) continue;
      for (let j = i + 1; j < k; j++) {
        const v = inPassage.get(order[j]!)!;
        const ca = inClaim.get(order[i]!)!;
        const cv = inClaim.get(order[j]!)!;
        const cb = inClaim.get(order[k]!)!;
        if (b < v && v < a && near(a, v) && near(b, v) && near(ca, cv) && near(cb, cv))
          return [order[i]!, order[j]!, order[k]!];
      }
    }
  return null;
}
