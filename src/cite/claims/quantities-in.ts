import { isNumberWord, isScaleWord, valueOfNumberRun } from './number-words.js';
import { stopwordsOf, type Word, wordsOf } from './text-words.js';

/**
 * What a number in a text measures. `reference` is a number that names a
 * thing (a section, a figure, a part) rather than counting anything: it is
 * compared as written, not as a value.
 */
export type QuantityKind =
  | 'money'
  | 'percent'
  | 'duration'
  | 'frequency'
  | 'date'
  | 'year'
  | 'count'
  | 'reference';

export interface Quantity {
  kind: QuantityKind;
  /** Dollars, percent, days (durations), times a year (frequencies), month * 100 + day (dates). */
  value: number;
  /** For counts, the stem of the word counted ("countri" in "10 countries"); null when none follows. */
  unit: string | null;
  /** The words as the text has them ("two weeks", "$5,000", "semi-monthly"). */
  text: string;
  start16: number;
  end16: number;
}

const DAYS_PER_UNIT: Record<string, number> = {
  second: 1 / 86_400,
  minute: 1 / 1_440,
  hour: 1 / 24,
  day: 1,
  week: 7,
  workweek: 7,
  fortnight: 14,
  month: 30,
  year: 365,
  decade: 3_650,
};

const TIMES_A_YEAR: Record<string, number> = {
  daily: 365,
  weekly: 52,
  biweekly: 26,
  fortnightly: 26,
  semimonthly: 24,
  monthly: 12,
  bimonthly: 6,
  quarterly: 4,
  semiannual: 2,
  semiannually: 2,
  biannual: 2,
  biannually: 2,
  annual: 1,
  annually: 1,
  yearly: 1,
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Words before a number that make it a name: "§ 746.1", "part 744", "Figure 4-2", "Listing 8-3". */
const NAMING_WORDS = new Set([
  'cfr',
  'part',
  'parts',
  'section',
  'sections',
  'subpart',
  'chapter',
  'chapters',
  'title',
  'paragraph',
  'paragraphs',
  'figure',
  'figures',
  'listing',
  'listings',
  'table',
  'tables',
  'supplement',
  'no',
  'nos',
  'number',
  'eccn',
  'appendix',
  'article',
  'page',
  'pages',
  'step',
  'version',
  'rule',
  'item',
  'footnote',
  'u.s.c',
  'usc',
]);

const PERCENT_WORDS = new Set(['percent', 'percentage', 'pct']);
const MONEY_WORDS = new Set(['dollar', 'dollars', 'usd', 'cents', 'cent']);
const DURATION_QUALIFIERS = new Set(['calendar', 'business', 'working', 'consecutive', 'full']);

const isDigits = (lower: string): boolean => /^\d[\d,]*(?:\.\d+)?$/u.test(lower);
const durationUnit = (lower: string): string | null => {
  const singular = lower.endsWith('s') ? lower.slice(0, -1) : lower;
  return Object.hasOwn(DAYS_PER_UNIT, singular) ? singular : null;
};

/** Skips the white space (and hyphens) of `text` from `i`; returns the next non-space index. */
function skipSpace(text: string, i: number): number {
  while (i < text.length && /[\s\u00a0-]/u.test(text[i]!)) i++;
  return i;
}

/**
 * The quantities a text states: numbers in digits or words with what they
 * measure, read off the words around them (`$` and `dollars`, `%` and
 * `percent`, a unit of time, a month), and frequency words
 * ("semi-monthly", "annually"). Numbers inside list markers ("(1)") are
 * structure, not quantities, and are left out.
 */
export function quantitiesIn(text: string): Quantity[] {
  const words = wordsOf(text);
  const stopwords = stopwordsOf();
  const found: Quantity[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const frequency = frequencyAt(words, i, text);
    if (frequency !== null) {
      found.push(frequency.quantity);
      i = frequency.next;
      continue;
    }
    // "UTF-8", "Form-7": the digits are part of a name
    const named =
      i > 0 &&
      text.slice(words[i - 1]!.end16, w.start16) === '-' &&
      /^\p{L}+$/u.test(words[i - 1]!.text);
    const isNumber = !named && (isDigits(w.lower) || (isNumberWord(w.lower) && w.lower !== 'one'));
    // "one" counts only what follows it ("one thread", "one year"), not "one of", "no one", "one must"
    const following = words[i + 1];
    const lonelyOne =
      w.lower === 'one' &&
      following !== undefined &&
      /^\s+$/u.test(text.slice(w.end16, following.start16)) &&
      !stopwords.has(following.lower) &&
      !['no', 'any', 'every', 'some', 'each', 'the', 'this', 'that', 'which'].includes(
        words[i - 1]?.lower ?? '',
      );
    if (!isNumber && !lonelyOne) {
      i++;
      continue;
    }
    // a run of number words and digits joined by spaces, hyphens or "and"
    let j = i + 1;
    while (j < words.length) {
      const next = words[j]!;
      const gap = text.slice(words[j - 1]!.end16, next.start16);
      if (!/^[\s-]*$/u.test(gap)) break;
      if (
        isNumberWord(next.lower) ||
        (next.lower === 'and' && isNumberWord(words[j + 1]?.lower ?? ''))
      )
        j++;
      else if (
        isDigits(next.lower) &&
        isScaleWord(w.lower) === false &&
        !isDigits(words[j - 1]!.lower)
      )
        j++;
      else break;
    }
    const run = words.slice(i, j);
    const value = valueOfNumberRun(run.map((r) => r.lower));
    if (value === null) {
      i = j;
      continue;
    }
    const start16 = run[0]!.start16;
    let end16 = run[run.length - 1]!.end16;
    const before = text.slice(Math.max(0, start16 - 2), start16);
    const after = text.slice(end16, end16 + 2);
    const prev = words[i - 1];
    if (/\($/u.test(before) && /^\)/u.test(after) && run.length === 1 && isDigits(w.lower)) {
      i = j;
      continue;
    }
    const titleOf = ['cfr', 'usc', 'u.s.c'].includes(words[j]?.lower ?? '');
    if (
      titleOf ||
      (prev !== undefined && (NAMING_WORDS.has(prev.lower) || /§\s*$/u.test(before)))
    ) {
      const named = balanced(/^[\p{L}\p{N}.\-–()]+/u.exec(text.slice(start16))![0]);
      end16 = start16 + named.length;
      found.push({ kind: 'reference', value, unit: null, text: named, start16, end16 });
      while (j < words.length && words[j]!.start16 < end16) j++;
      i = j;
      continue;
    }
    const next = words[j];
    const nextStart = skipSpace(text, end16);
    const quantity = (
      kind: QuantityKind,
      v: number,
      unit: string | null,
      to: number,
    ): Quantity => ({
      kind,
      value: v,
      unit,
      text: text.slice(
        kind === 'money' && /\$\s*$/u.test(before) ? text.lastIndexOf('$', start16) : start16,
        to,
      ),
      start16:
        kind === 'money' && /\$\s*$/u.test(before) ? text.lastIndexOf('$', start16) : start16,
      end16: to,
    });
    if (/\$\s*$/u.test(before)) {
      found.push(quantity('money', value, null, end16));
      i = j;
      continue;
    }
    if (text[nextStart] === '%') {
      found.push(quantity('percent', value, null, nextStart + 1));
      i = j;
      continue;
    }
    if (next !== undefined && PERCENT_WORDS.has(next.lower)) {
      found.push(quantity('percent', value, null, next.end16));
      i = j + 1;
      continue;
    }
    if (next !== undefined && MONEY_WORDS.has(next.lower)) {
      const cents = next.lower.startsWith('cent');
      found.push(quantity('money', cents ? value / 100 : value, null, next.end16));
      i = j + 1;
      continue;
    }
    const unitAt = next !== undefined && DURATION_QUALIFIERS.has(next.lower) ? j + 1 : j;
    const unit = durationUnit(words[unitAt]?.lower ?? '');
    if (unit !== null) {
      found.push(quantity('duration', value * DAYS_PER_UNIT[unit]!, null, words[unitAt]!.end16));
      i = unitAt + 1;
      continue;
    }
    const month = prev === undefined ? -1 : MONTHS.indexOf(prev.lower);
    if (month >= 0 && Number.isInteger(value) && value >= 1 && value <= 31) {
      found.push({
        kind: 'date',
        value: (month + 1) * 100 + value,
        unit: null,
        text: text.slice(prev!.start16, end16),
        start16: prev!.start16,
        end16,
      });
      i = j;
      continue;
    }
    if (run.length === 1 && /^\d{4}$/u.test(w.lower) && value >= 1000 && value <= 2999) {
      found.push(quantity('year', value, null, end16));
      i = j;
      continue;
    }
    let counted: string | null = null;
    for (let k = j; k < Math.min(words.length, j + 3); k++)
      if (!stopwords.has(words[k]!.lower) && !isDigits(words[k]!.lower)) {
        counted = words[k]!.stem;
        break;
      }
    found.push(quantity('count', value, counted, end16));
    i = j;
  }
  return found;
}

/** A reference as written, without the sentence's full stop or a parenthesis it did not open. */
function balanced(reference: string): string {
  let text = reference.replace(/\.+$/u, '');
  const count = (c: string) => text.split(c).length - 1;
  while (text.endsWith(')') && count(')') > count('('))
    text = text.slice(0, -1).replace(/\.+$/u, '');
  return text;
}

/** A frequency word at `i` ("monthly"; "semi-monthly" as two words), or null. */
function frequencyAt(
  words: readonly Word[],
  i: number,
  text: string,
): { quantity: Quantity; next: number } | null {
  const w = words[i]!;
  const joined = words[i + 1];
  if (
    (w.lower === 'semi' || w.lower === 'bi') &&
    joined !== undefined &&
    /^[-\s]?$/u.test(text.slice(w.end16, joined.start16))
  ) {
    const key = `${w.lower}${joined.lower}`;
    if (Object.hasOwn(TIMES_A_YEAR, key))
      return {
        quantity: {
          kind: 'frequency',
          value: TIMES_A_YEAR[key]!,
          unit: null,
          text: text.slice(w.start16, joined.end16),
          start16: w.start16,
          end16: joined.end16,
        },
        next: i + 2,
      };
  }
  if (!Object.hasOwn(TIMES_A_YEAR, w.lower)) return null;
  return {
    quantity: {
      kind: 'frequency',
      value: TIMES_A_YEAR[w.lower]!,
      unit: null,
      text: w.text,
      start16: w.start16,
      end16: w.end16,
    },
    next: i + 1,
  };
}
