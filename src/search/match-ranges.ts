import { queryWordMatcher } from './word-stem.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Ranges reported per hit at most: a display aid, not an index. */
const MAX_MATCH_RANGES = 100;

/**
 * Where `text` holds a searched word or another form of one (by Porter
 * stem, as the lexical index matched it): [start, end) UTF-16 offsets into
 * `text`, in order, at most `max`. The viewer marks them in its excerpts;
 * citations keep their own offsets into the canonical text.
 */
export function matchRanges(
  text: string,
  terms: readonly string[],
  max = MAX_MATCH_RANGES,
): [number, number][] {
  const ranges: [number, number][] = [];
  if (terms.length === 0 || max <= 0) return ranges;
  const matches = queryWordMatcher(terms);
  for (const word of text.matchAll(WORD)) {
    if (!matches(word[0])) continue;
    ranges.push([word.index, word.index + word[0].length]);
    if (ranges.length === max) break;
  }
  return ranges;
}
