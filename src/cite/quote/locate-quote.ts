import { codePointIndex } from './code-points.js';
import {
  ALL_NORMALIZATIONS,
  NORMALIZATIONS,
  type Normalization,
  type NormalizedText,
  normalizeForMatch,
  sourceSpan,
} from './normalize-for-match.js';

/** A quote of fewer words proves nothing (`"a"` occurs almost anywhere): `too_short`, never verified. */
export const MIN_QUOTE_WORDS = 3;
/** Each fragment of an elided quote ("A ... B") must be at least this many words. */
export const MIN_FRAGMENT_WORDS = 4;
/** At most this many code points of the stored text between two fragments of an elided quote. */
export const MAX_ELISION_GAP = 300;
/**
 * A sentence or clause boundary in the stored text: `.`, `;`, `:`, `?`, `!`
 * (and their full-width forms) before a space or the end. An elision that
 * skips one can splice two clauses into a claim neither makes ("Some
 * languages have garbage collection ... the programmer must free the
 * memory", where the text says the second of *other* languages). Only a mark
 * followed by a space counts, so "3.5", "e.g" inside a word and URLs do not.
 */
const CLAUSE_BOUNDARY = /[.;:?!](?=\s|$)|[。；：？！]/u;

/**
 * Where a quote stands in one text: `exact` (verbatim), `normalized` (equal
 * once the listed normalizations fold both), `elided` (its "..."/"…"
 * fragments in order, each found normalized, gaps within `MAX_ELISION_GAP`),
 * `not_found`, or `too_short` (under `MIN_QUOTE_WORDS`, not looked for).
 */
export type QuoteMatchStatus = 'exact' | 'normalized' | 'elided' | 'not_found' | 'too_short';

export interface QuoteSpan {
  start: number;
  end: number;
}

export interface QuoteMatch {
  status: QuoteMatchStatus;
  /** Code points into the text, half-open: the whole located quote (first fragment to last). */
  start: number | null;
  end: number | null;
  /** The normalizations the match needed (`normalized`, `elided`); empty otherwise. */
  normalized: Normalization[];
  /** Each fragment's span (`elided`). */
  fragments: QuoteSpan[];
  /** Words in the quote. */
  words: number;
  /**
   * Why an elided quote failed: a fragment under `MIN_FRAGMENT_WORDS`
   * (`elision_fragment_too_short`) or fragments found farther apart than
   * `MAX_ELISION_GAP` (`elision_gap_too_wide`: "..." bridging distant text),
   * or a gap that holds a sentence or clause boundary
   * (`elision_crosses_clause`: "..." splicing two clauses into one claim).
   */
  detail: 'elision_fragment_too_short' | 'elision_gap_too_wide' | 'elision_crosses_clause' | null;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** "...", "…" and the bracketed "[...]" / "[…]" mark an elision. */
/** The quote was found in the text: word for word, folded, or in elided fragments. */
export const isLocated = (m: QuoteMatch): boolean =>
  m.status === 'exact' || m.status === 'normalized' || m.status === 'elided';

export const ELISION = /\s*(?:\[\s*(?:\.{3,}|…)\s*\]|\.{3,}|…)\s*/u;

export const countWords = (text: string): number => {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
};

const miss = (
  words: number,
  status: 'not_found' | 'too_short',
  detail: QuoteMatch['detail'] = null,
): QuoteMatch => ({
  status,
  start: null,
  end: null,
  normalized: [],
  fragments: [],
  words,
  detail,
});

/**
 * Locates `quote` in `text`, trying exact, then normalized, then elided.
 * Linear in the text's length: one fold of the text, then substring
 * searches. Offsets are code points. Pure.
 */
export function locateQuote(quote: string, text: string): QuoteMatch {
  const q = quote.trim();
  const words = countWords(q);
  if (words < MIN_QUOTE_WORDS) return miss(words, 'too_short');
  const exact = text.indexOf(q);
  if (exact >= 0) {
    const start = codePointIndex(text, exact);
    const end = start + [...q].length;
    return { status: 'exact', start, end, normalized: [], fragments: [], words, detail: null };
  }
  const folded = normalizeForMatch(text, ALL_NORMALIZATIONS);
  const whole = normalizeForMatch(q, ALL_NORMALIZATIONS).text;
  const at = whole === '' ? -1 : folded.text.indexOf(whole);
  if (at >= 0) {
    const span = sourceSpan(folded, at, at + whole.length);
    const chars = [...text];
    return {
      status: 'normalized',
      ...span,
      normalized: neededNormalizations([[q, chars.slice(span.start, span.end).join('')]]),
      fragments: [],
      words,
      detail: null,
    };
  }
  const parts = q.split(ELISION).filter((p) => p.trim() !== '');
  if (!ELISION.test(q) || parts.length === 0) return miss(words, 'not_found');
  if (parts.some((p) => countWords(p) < MIN_FRAGMENT_WORDS))
    return miss(words, 'not_found', 'elision_fragment_too_short');
  return locateFragments(parts, text, folded, words);
}

function locateFragments(
  parts: string[],
  text: string,
  folded: NormalizedText,
  words: number,
): QuoteMatch {
  const needles = parts.map((p) => normalizeForMatch(p, ALL_NORMALIZATIONS).text);
  const found: { at: number; span: QuoteSpan }[] = [];
  let tooWide = false;
  let from = 0;
  for (const [i, needle] of needles.entries()) {
    const at = folded.text.indexOf(needle, from);
    if (at < 0) return miss(words, 'not_found', tooWide ? 'elision_gap_too_wide' : null);
    const span = sourceSpan(folded, at, at + needle.length);
    const previous = found[i - 1];
    if (previous !== undefined && span.start - previous.span.end > MAX_ELISION_GAP) {
      // the leftmost copy of the previous fragment may not be the one this fragment follows
      const floor = i >= 2 ? folded.text.indexOf(needles[i - 2]!, 0) : 0;
      const later = folded.text.lastIndexOf(needles[i - 1]!, at - needles[i - 1]!.length);
      if (later > previous.at && later >= floor) {
        const moved = sourceSpan(folded, later, later + needles[i - 1]!.length);
        const before = found[i - 2];
        if (before === undefined || moved.start - before.span.end <= MAX_ELISION_GAP)
          found[i - 1] = { at: later, span: moved };
      }
      if (span.start - found[i - 1]!.span.end > MAX_ELISION_GAP) tooWide = true;
    }
    found.push({ at, span });
    from = at + needle.length;
  }
  if (tooWide) return miss(words, 'not_found', 'elision_gap_too_wide');
  const chars = [...text];
  const fragments = found.map((f) => f.span);
  for (let i = 1; i < fragments.length; i++) {
    const gap = chars.slice(fragments[i - 1]!.end, fragments[i]!.start).join('');
    if (CLAUSE_BOUNDARY.test(gap)) return miss(words, 'not_found', 'elision_crosses_clause');
  }
  return {
    status: 'elided',
    start: fragments[0]!.start,
    end: fragments.at(-1)!.end,
    normalized: neededNormalizations(
      parts.map((p, i) => [p.trim(), chars.slice(fragments[i]!.start, fragments[i]!.end).join('')]),
    ),
    fragments,
    words,
    detail: null,
  };
}

/**
 * The normalizations without which some pair (quote, stored text) would
 * differ: each one is left out in turn and the pair compared again.
 */
function neededNormalizations(pairs: readonly (readonly [string, string])[]): Normalization[] {
  return NORMALIZATIONS.filter((kind) => {
    const without = new Set(NORMALIZATIONS.filter((k) => k !== kind));
    return pairs.some(
      ([quote, stored]) =>
        normalizeForMatch(quote, without).text !== normalizeForMatch(stored, without).text,
    );
  });
}
