import { alignedClauses } from './aligned-clauses.js';
import { labels } from './check-quantities.js';
import { quoted, reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import { nounStarts } from './nouns-of.js';
import { isContentWord, stopwordsOf, type Word } from './text-words.js';
import type { ClaimInput, ClaimReason } from './types.js';

/** Content words a swapped term may span on either side: "data races" for "deadlocks". */
const MAX_TERM = 3;

/** Content words two clauses must share, in order, for a spot between them to be the same place. */
const ANCHOR = 2;

/** Words that quantify or connect rather than name: a paraphrase changes them freely. */
const NOT_TERMS = new Set([
  'every',
  'each',
  'all',
  'any',
  'its',
  'when',
  'once',
  'unless',
  'even',
  'whoever',
  'whatever',
  'nobody',
]);

/** Prefix length under which two words are one word's forms ("registers", "registration"). */
const SAME_ROOT = 5;

/** Index pairs of the longest common subsequence of two stem lists. */
function commonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  const table = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** The claim's term restates the passage's: an acronym of it ("UN"), or a form of one of its words. */
function restates(said: readonly Word[], left: readonly Word[]): boolean {
  const initials = left.map((w) => w.lower[0]).join('');
  const roots = new Set(
    left.filter((w) => w.lower.length >= SAME_ROOT).map((w) => w.lower.slice(0, SAME_ROOT)),
  );
  return said.some(
    (w) =>
      (w.lower.length > 1 && initials.includes(w.lower.replaceAll('.', ''))) ||
      (w.lower.length >= SAME_ROOT && roots.has(w.lower.slice(0, SAME_ROOT))),
  );
}

/**
 * A thing swapped for another: where a claim clause follows its passage
 * clause in order around one spot, the claim names there a thing (a noun,
 * as a tagger reads it) that no passage names, and the passage names one
 * the claim leaves out ("Deadlocks cause undefined behavior" against
 * "Data races cause undefined behavior"): unsupported.
 */
export function checkSwaps(input: ClaimInput): ClaimReason[] {
  const stopwords = stopwordsOf();
  const content = (words: readonly Word[]) => words.filter((w) => isContentWord(w, stopwords));
  const named = new Set([
    ...analyze(input.question).stems,
    ...input.passages.flatMap((p) => [...analyze(p.text).stems]),
  ]);
  const claimStems = analyze(input.text).stems;
  const reasons: ClaimReason[] = [];
  for (const pair of alignedClauses(input)) {
    const claim = content(pair.claim.words);
    const passage = content(pair.passage.words);
    const matches = commonSubsequence(
      claim.map((w) => w.stem),
      passage.map((w) => w.stem),
    );
    if (matches.length < ANCHOR) continue;
    const bounds: [number, number][] = [[-1, -1], ...matches, [claim.length, passage.length]];
    for (let k = 0; k + 1 < bounds.length; k++) {
      const [ci, pi] = bounds[k]!;
      const [cj, pj] = bounds[k + 1]!;
      if (cj - ci - 1 > MAX_TERM || pj - pi - 1 > MAX_TERM) continue;
      const said = claim
        .slice(ci + 1, cj)
        .filter((w) => !named.has(w.stem) && !NOT_TERMS.has(w.lower));
      const left = passage.slice(pi + 1, pj).filter((w) => !claimStems.has(w.stem));
      if (said.length === 0 || left.length === 0 || restates(said, left)) continue;
      const claimNouns = nounStarts(input.text);
      const passageNouns = nounStarts(pair.of.text);
      if (!said.some((w) => claimNouns.has(w.start16))) continue;
      if (!left.some((w) => passageNouns.has(w.start16))) continue;
      const span = (words: readonly Word[]) => ({
        start16: words[0]!.start16,
        end16: words[words.length - 1]!.end16,
      });
      const claimSpan = span(said);
      const passageSpan = span(left);
      reasons.push(
        reasonOf(input, {
          check: 'role',
          code: 'term_swapped',
          verdict: 'unsupported',
          message: `claim says ${quoted(input.text.slice(claimSpan.start16, claimSpan.end16))} where ${labels([pair.of])} says ${quoted(pair.of.text.slice(passageSpan.start16, passageSpan.end16))}`,
          claim: claimSpan,
          passage: { of: pair.of, span: passageSpan },
        }),
      );
    }
  }
  return reasons;
}
