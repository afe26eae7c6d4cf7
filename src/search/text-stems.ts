import { isLowSurrogate } from '../load/surrogates.js';
import { WORD_CHAR } from './tokenize-query.js';
import { stemOf } from './word-stem.js';

/** A text's words as stem ids, in text order. */
export interface TextWords {
  /** Each word's stem id (`stemIds`). */
  stems: Int32Array;
  /**
   * The words whose lower-cased first unit is not their stem's first unit
   * (a first letter that lower-cases to two units): position to that unit.
   */
  odd_firsts: Map<number, string> | null;
  /** Each word's stem's first code unit: a query stem's word or prefix match starts as that stem does. */
  stem_firsts: Uint16Array;
  /** Each word's first code unit in the text (UTF-16). */
  starts16: Int32Array;
  /** Each word's end in the text, the unit after its last (UTF-16). */
  ends16: Int32Array;
}

/** Texts remembered, by their total length in code units at most. */
const MAX_CACHED_UNITS = 4_000_000;
/** Distinct stems numbered at most before the numbering starts again (with the texts). */
const MAX_STEMS = 500_000;

const cache = new Map<string, TextWords>();
let cachedUnits = 0;
const ids = new Map<string, number>();
/** The stems by id: the inverse of `ids`. */
const stemsById: string[] = [];

/**
 * The ids of `stems`, numbered as the words of every text `textWords`
 * groups until the next call: call it before grouping the texts a set of
 * stems is looked for in. A numbering grown past `MAX_STEMS` starts again
 * here, never between this call and the texts.
 */
export function stemIds(stems: readonly string[]): number[] {
  if (ids.size > MAX_STEMS) {
    ids.clear();
    stemsById.length = 0;
    cache.clear();
    cachedUnits = 0;
  }
  return stems.map(idOf);
}

/**
 * The words of `text` as stem ids (lower-cased, then Porter-stemmed).
 * Remembered by the text itself, so a chunk that is a candidate of many
 * searches is scanned and stemmed once, and a chunk whose text changes is
 * another entry: nothing to invalidate when the store is written.
 */
export function textWords(text: string): TextWords {
  const known = cache.get(text);
  if (known !== undefined) {
    // most recently used last: the oldest go first when the budget is spent
    cache.delete(text);
    cache.set(text, known);
    return known;
  }
  const words = scanWords(text);
  if (text.length <= MAX_CACHED_UNITS) {
    cache.set(text, words);
    cachedUnits += text.length;
    for (const oldest of cache.keys()) {
      if (cachedUnits <= MAX_CACHED_UNITS) break;
      cache.delete(oldest);
      cachedUnits -= oldest.length;
    }
  }
  return words;
}

/** The stem numbered `id` by `stemIds` or `textWords` since the last `stemIds` call. */
export function stemOfId(id: number): string {
  return stemsById[id]!;
}

function idOf(stem: string): number {
  let id = ids.get(stem);
  if (id === undefined) {
    id = ids.size;
    ids.set(stem, id);
    stemsById.push(stem);
  }
  return id;
}

/** Scans code units, not regex matches: each word is cut out, lower-cased and stemmed. */
function scanWords(text: string): TextWords {
  const stems: number[] = [];
  const stemFirsts: number[] = [];
  const starts16: number[] = [];
  const ends16: number[] = [];
  let oddFirsts: Map<number, string> | null = null;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && isWordUnit(text, i)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const stem = stemOf(text.slice(start, i).toLowerCase());
    const first = text[start]!.toLowerCase();
    if (first !== stem[0]) {
      oddFirsts ??= new Map();
      oddFirsts.set(stems.length, first);
    }
    stems.push(idOf(stem));
    stemFirsts.push(stem.charCodeAt(0));
    starts16.push(start);
    ends16.push(i);
    start = -1;
  }
  return {
    stems: Int32Array.from(stems),
    odd_firsts: oddFirsts,
    stem_firsts: Uint16Array.from(stemFirsts),
    starts16: Int32Array.from(starts16),
    ends16: Int32Array.from(ends16),
  };
}

/** ASCII letters and digits. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) =>
  /[0-9A-Za-z]/.test(String.fromCharCode(c)) ? 1 : 0,
);

/** Whether the code unit at `i` belongs to a word (a letter, mark or digit; a low surrogate goes with its pair). */
function isWordUnit(text: string, i: number): boolean {
  const unit = text.charCodeAt(i);
  if (unit < 128) return ASCII_WORD[unit] === 1;
  const at = isLowSurrogate(unit) && i > 0 ? i - 1 : i;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at)!));
}
