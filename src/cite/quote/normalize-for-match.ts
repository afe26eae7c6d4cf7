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
  const out: string[] = [];
  const from: number[] = [];
  let cp = 0;
  let pendingSpace = false;
  for (const ch of source) {
    if (spaces && (SPACE.test(ch) || INVISIBLE.has(ch))) {
      if (!pendingSpace && out.length > 0) {
        out.push(' ');
        from.push(cp);
      }
      pendingSpace = true;
      cp++;
      continue;
    }
    pendingSpace = false;
    const folded = nfkc ? ch.normalize('NFKD') : ch;
    for (const part of folded) {
      let unit = part;
      if (quotes) unit = QUOTES.get(unit) ?? unit;
      if (dashes && DASHES.has(unit)) unit = '-';
      if (lower) unit = unit.toLowerCase();
      out.push(unit);
      for (let i = 0; i < unit.length; i++) from.push(cp);
    }
    cp++;
  }
  if (spaces && out.at(-1) === ' ') {
    out.pop();
    from.pop();
  }
  return { text: out.join(''), from: Int32Array.from(from), length: cp };
}

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
