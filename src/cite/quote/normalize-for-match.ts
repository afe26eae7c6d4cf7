import { isHighSurrogate, isLowSurrogate } from '../../load/surrogates.js';

/**
 * The ways a model's copy of a passage may differ from the stored text and
 * still be the same words. `nfkc` folds compatibility forms (ligatures,
 * full-width letters, `…` as `...`) and composed against decomposed accents:
 * each code point is decomposed alone (NFKD), so the fold needs no lookahead
 * and keeps an exact offset map.
 */
export const NORMALIZATIONS = ['whitespace', 'quotes', 'dashes', 'case', 'nfkc'] as const;
export type Normalization = (typeof NORMALIZATIONS)[number];

export interface NormalizedText {
  /** The folded text. */
  text: string;
  /** For each UTF-16 unit of `text`, the code point index in the source it came from. */
  from: Int32Array;
  /** Code points in the source. */
  length: number;
}

const QUOTES = new Map<string, string>([
  ['\u2018', "'"],
  ['\u2019', "'"],
  ['\u201a', "'"],
  ['\u201b', "'"],
  ['\u2032', "'"],
  ['`', "'"],
  ['\u00b4', "'"],
  ['\u201c', '"'],
  ['\u201d', '"'],
  ['\u201e', '"'],
  ['\u201f', '"'],
  ['\u2033', '"'],
  ['\u00ab', '"'],
  ['\u00bb', '"'],
]);
const DASHES = new Set([
  '\u2010',
  '\u2011',
  '\u2012',
  '\u2013',
  '\u2014',
  '\u2015',
  '\u2212',
  '\ufe58',
  '\ufe63',
  '\uff0d',
]);
/** Invisible characters a copy drops or adds: soft hyphen, zero-width space/joiners, BOM. */
const INVISIBLE = new Set(['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);
const SPACE = /^\s$/u;

/**
 * Folds `source` under the given normalizations, one code point at a time
 * (linear in its length), keeping where each folded unit came from. With
 * `whitespace`, runs of whitespace and invisible characters become one space.
 * ASCII, most of any text, takes a path without string allocation.
 */
export function normalizeForMatch(
  source: string,
  kinds: ReadonlySet<Normalization>,
): NormalizedText {
  const nfkc = kinds.has('nfkc');
  const lower = kinds.has('case');
  const quotes = kinds.has('quotes');
  const dashes = kinds.has('dashes');
  const spaces = kinds.has('whitespace');
  const n = source.length;
  let out = new Uint16Array(n + 8);
  let from = new Int32Array(n + 8);
  let len = 0;
  const push = (unit: number, at: number): void => {
    if (len === out.length) {
      const bigger = new Uint16Array(out.length * 2);
      bigger.set(out);
      out = bigger;
      const wider = new Int32Array(from.length * 2);
      wider.set(from);
      from = wider;
    }
    out[len] = unit;
    from[len++] = at;
  };
  let cp = 0;
  let pendingSpace = false;
  for (let i = 0; i < n; cp++) {
    let c = source.charCodeAt(i);
    let width = 1;
    if (isHighSurrogate(c) && i + 1 < n && isLowSurrogate(source.charCodeAt(i + 1))) width = 2;
    const at = i;
    i += width;
    if (c < 0x80) {
      if (spaces && (c === 32 || (c >= 9 && c <= 13))) {
        if (!pendingSpace && len > 0) push(32, cp);
        pendingSpace = true;
        continue;
      }
      pendingSpace = false;
      if (quotes && c === 0x60) c = 0x27;
      if (lower && c >= 65 && c <= 90) c += 32;
      push(c, cp);
      continue;
    }
    const ch = source.slice(at, at + width);
    if (spaces && (SPACE.test(ch) || INVISIBLE.has(ch))) {
      if (!pendingSpace && len > 0) push(32, cp);
      pendingSpace = true;
      continue;
    }
    pendingSpace = false;
    const folded = nfkc ? ch.normalize('NFKD') : ch;
    for (const part of folded) {
      let unit = part;
      if (quotes) unit = QUOTES.get(unit) ?? unit;
      if (dashes && DASHES.has(unit)) unit = '-';
      if (lower) unit = unit.toLowerCase();
      for (let k = 0; k < unit.length; k++) push(unit.charCodeAt(k), cp);
    }
  }
  if (spaces && len > 0 && out[len - 1] === 32) len--;
  return {
    text: UTF16.decode(out.subarray(0, len)),
    from: from.subarray(0, len),
    length: cp,
  };
}

const UTF16 = new TextDecoder('utf-16le');

/** Every normalization. */
export const ALL_NORMALIZATIONS: ReadonlySet<Normalization> = new Set(NORMALIZATIONS);

/** The code point span of the source that `[start, end)` of the folded text came from. */
export function sourceSpan(
  normalized: NormalizedText,
  start: number,
  end: number,
): { start: number; end: number } {
  const first = normalized.from[start] ?? normalized.length;
  const last = end > start ? (normalized.from[end - 1] ?? normalized.length - 1) + 1 : first;
  return { start: first, end: last };
}
