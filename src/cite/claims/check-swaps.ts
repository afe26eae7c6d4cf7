import { alignedClauses } from './aligned-clauses.js';
import { SOURCE_NOUNS } from './check-coverage.js';
import { labels } from './check-quantities.js';
import { quoted, reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import { commonSubsequence } from './common-subsequence.js';
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

interface Span16 {
  start16: number;
  end16: number;
}

/** The two texts a gap lies in, the stems their passages and question name, and the claim's. */
interface GapTexts {
  claimText: string;
  passageText: string;
  named: ReadonlySet<string>;
  claimStems: ReadonlySet<string>;
}

interface GapFinding {
  reason: Pick<ClaimReason, 'check' | 'code' | 'verdict'>;
  claim: Span16;
  passage: Span16;
}

const spanOf = (words: readonly Word[]): Span16 => ({
  start16: words[0]!.start16,
  end16: words[words.length - 1]!.end16,
});

/** Prefixes that make a word its opposite: "immutable", "unlawful", "non-exempt". */
const NEGATING_PREFIX = /^(?:un|in|im|il|ir|non-?|dis)(.+)$/u;

/** A word said in the place of its opposite ("Immutable references" for "Mutable references"): contradicted. */
function opposite(claim: readonly Word[], passage: readonly Word[]): GapFinding | null {
  for (const c of claim)
    for (const p of passage) {
      const flipped =
        NEGATING_PREFIX.exec(c.lower)?.[1] === p.lower ||
        NEGATING_PREFIX.exec(p.lower)?.[1] === c.lower;
      if (flipped)
        return {
          reason: { check: 'polarity', code: 'negation_flipped', verdict: 'contradicted' },
          claim: spanOf([c]),
          passage: spanOf([p]),
        };
    }
  return null;
}

/** The word of `words` with this stem nearest to `at`. */
function nearest(words: readonly Word[], stem: string, at: number): Word | undefined {
  let best: Word | undefined;
  for (const w of words)
    if (
      w.stem === stem &&
      (best === undefined || Math.abs(w.start16 - at) < Math.abs(best.start16 - at))
    )
      best = w;
  return best;
}

/**
 * Two things both texts name, each in the other's place: the claim says
 * one where the passage says the other, and the two stand in the opposite
 * order ("the exporter must send ... to the consignee" against "the
 * consignee must send ... to the exporter"): unsupported.
 */
function exchanged(
  { claimText, passageText }: GapTexts,
  claim: readonly Word[],
  passage: readonly Word[],
): GapFinding | null {
  const claimWords = analyze(claimText).words;
  const passageWords = analyze(passageText).words;
  for (const c of claim)
    for (const p of passage) {
      if (c.stem === p.stem) continue;
      const pInClaim = nearest(claimWords, p.stem, c.start16);
      const cInPassage = nearest(passageWords, c.stem, p.start16);
      if (pInClaim === undefined || cInPassage === undefined) continue;
      if (c.start16 < pInClaim.start16 === cInPassage.start16 < p.start16) continue;
      if (!nounStarts(claimText).has(c.start16) && !nounStarts(passageText).has(p.start16))
        continue;
      return {
        reason: { check: 'role', code: 'roles_swapped', verdict: 'unsupported' },
        claim: spanOf([c]),
        passage: spanOf([p]),
      };
    }
  return null;
}

/** A thing no passage names, in the place of one the claim leaves out: unsupported. */
function swapped(
  { claimText, passageText, named, claimStems }: GapTexts,
  claimGap: readonly Word[],
  passageGap: readonly Word[],
): GapFinding | null {
  const said = claimGap.filter(
    (w) => !named.has(w.stem) && !NOT_TERMS.has(w.lower) && !SOURCE_NOUNS.has(w.stem),
  );
  const left = passageGap.filter((w) => !claimStems.has(w.stem));
  if (said.length === 0 || left.length === 0 || restates(said, left)) return null;
  const claimNouns = nounStarts(claimText);
  const passageNouns = nounStarts(passageText);
  if (!said.some((w) => claimNouns.has(w.start16))) return null;
  if (!left.some((w) => passageNouns.has(w.start16))) return null;
  return {
    reason: { check: 'role', code: 'term_swapped', verdict: 'unsupported' },
    claim: spanOf(said),
    passage: spanOf(left),
  };
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
    const texts: GapTexts = { claimText: input.text, passageText: pair.of.text, named, claimStems };
    const claim = content(pair.claim.words);
    const passage = content(pair.passage.words);
    const matches = commonSubsequence(
      claim.map((w) => w.stem),
      passage.map((w) => w.stem),
    );
    if (matches === null || matches.length < ANCHOR) continue;
    const bounds: [number, number][] = [[-1, -1], ...matches, [claim.length, passage.length]];
    for (let k = 0; k + 1 < bounds.length; k++) {
      const [ci, pi] = bounds[k]!;
      const [cj, pj] = bounds[k + 1]!;
      if (cj - ci - 1 > MAX_TERM || pj - pi - 1 > MAX_TERM) continue;
      const claimGap = claim.slice(ci + 1, cj);
      // "(ii)" numbers a paragraph, it names nothing
      const passageGap = passage
        .slice(pi + 1, pj)
        .filter((w) => pair.of.text[w.start16 - 1] !== '(' || pair.of.text[w.end16] !== ')');
      const finding =
        opposite(claimGap, passageGap) ??
        exchanged(texts, claimGap, passageGap) ??
        swapped(texts, claimGap, passageGap);
      if (finding === null) continue;
      reasons.push(
        reasonOf(input, {
          ...finding.reason,
          message: `claim says ${quoted(input.text.slice(finding.claim.start16, finding.claim.end16))} where ${labels([pair.of])} says ${quoted(pair.of.text.slice(finding.passage.start16, finding.passage.end16))}`,
          claim: finding.claim,
          passage: { of: pair.of, span: finding.passage },
        }),
      );
    }
  }
  return reasons;
}
