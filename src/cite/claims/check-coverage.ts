import { labels } from './check-quantities.js';
import { reasonOf } from './claim-reason.js';
import { analyze } from './clauses-of.js';
import type { ClaimInput, ClaimReason } from './types.js';

/**
 * The share of a claim's content words, stemmed, that its passages must
 * hold for it to count as supported when no other check objects. Chosen
 * on the labelled claims in `gold/claims.jsonl` (see docs/audit.md,
 * Claims): faithful paraphrases sit above it, sentences about something
 * else below.
 */
export const COVERAGE_THRESHOLD = 0.45;

/** Stems of the nouns that name the sources a claim rests on ("From the sources:", "the regulation says"). */
export const SOURCE_NOUNS: ReadonlySet<string> = new Set([
  'sourc',
  'document',
  'passag',
  'regul',
  'text',
  'book',
  'excerpt',
]);

/** Words that talk about the sources rather than state a fact: they need no passage. */
const ABOUT_SOURCES = new Set([
  ...SOURCE_NOUNS,
  'accord',
  'state',
  'note',
  'explain',
  'mention',
  'indic',
  'say',
  'describ',
  'cite',
  'refer',
]);

export interface Coverage {
  share: number;
  found: number;
  total: number;
}

/**
 * The claim's content stems found in its passages, over all of them. The
 * headings a passage sits under do not count: every sentence of a section
 * shares them, the ones beside the passage that it does not back as much as
 * those that restate it.
 */
export function coverageOf(input: ClaimInput): Coverage {
  const claim = [...analyze(input.text).stems].filter((s) => !ABOUT_SOURCES.has(s));
  const held = new Set(input.passages.flatMap((p) => [...analyze(p.text).stems]));
  const found = claim.filter((s) => held.has(s)).length;
  return { share: claim.length === 0 ? 1 : found / claim.length, found, total: claim.length };
}

/** Too few of the claim's words in its passages: unsupported (`weak_overlap`). */
export function checkCoverage(input: ClaimInput, coverage: Coverage): ClaimReason[] {
  if (coverage.share >= COVERAGE_THRESHOLD) return [];
  return [
    reasonOf(input, {
      check: 'coverage',
      code: 'weak_overlap',
      verdict: 'unsupported',
      message: `${coverage.found} of the claim's ${coverage.total} content words are in ${labels(input.passages)} (${coverage.share.toFixed(2)}; ${COVERAGE_THRESHOLD} needed)`,
      claim: { start16: 0, end16: input.text.length },
    }),
  ];
}
