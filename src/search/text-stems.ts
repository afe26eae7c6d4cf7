import { stemOf } from './word-stem.js';

/** Where a text has the words of one Porter stem: word positions, ascending, and each word's lower-cased first code unit. */
export interface StemOccurrences {
  at: number[];
  first: string[];
}

/** Texts remembered, by their total length in code units at most: a few MB per thread. */
const MAX_CACHED_UNITS = 4_000_000;

const cache = new Map<string, Map<string, StemOccurrences>>();
let cachedUnits = 0;

/**
 * The words of `text` grouped by Porter stem (lower-cased, then stemmed;
 * words as `matchesIn` of the proximity reranker cuts them). Remembered by
 * the text itself, so a chunk that is a candidate of many searches is
 * scanned and stemmed once, and a chunk whose text changes is a new entry:
 * nothing to invalidate when the store is written.
 */
export function textStems(text: string): Map<string, StemOccurrences> {
  const known = cache.get(text);
  if (known !== undefined) {
    // most recently used last: the oldest go first when the budget is spent
    cache.delete(text);
    cache.set(text, known);
    return known;
  }
  const stems = scanStems(text);
  if (text.length <= MAX_CACHED_UNITS) {
    cache.set(text, stems);
    cachedUnits += text.length;
    for (const oldest of cache.keys()) {
      if (cachedUnits <= MAX_CACHED_UNITS) break;
      cache.delete(oldest);
      cachedUnits -= oldest.length;
    }
  }
  return stems;
}

/** Scans code units, not regex matches: each word is cut out, lower-cased and stemmed. */
function scanStems(text: string): Map<string, StemOccurrences> {
  const stems = new Map<string, StemOccurrences>();
  let at = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && isWordUnit(text, i)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const stem = stemOf(text.slice(start, i).toLowerCase());
    let occurrences = stems.get(stem);
    if (occurrences === undefined) {
      occurrences = { at: [], first: [] };
      stems.set(stem, occurrences);
    }
    occurrences.at.push(at);
    occurrences.first.push(text[start]!.toLowerCase());
    at++;
    start = -1;
  }
  return stems;
}

/** Letters, marks and digits make words, as `tokenizeQuery` reads a query. */
const WORD_CHAR = /^[\p{L}\p{M}\p{N}]$/u;

/** ASCII letters and digits. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) =>
  /[0-9A-Za-z]/.test(String.fromCharCode(c)) ? 1 : 0,
);

/** Whether the code unit at `i` belongs to a word (a letter, mark or digit; a low surrogate goes with its pair). */
function isWordUnit(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  if (unit < 128) return ASCII_WORD[unit] === 1;
  const at = unit >= 0xdc00 && unit <= 0xdfff && i > 0 ? i - 1 : i;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at)!));
}
