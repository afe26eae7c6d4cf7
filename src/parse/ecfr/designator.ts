/**
 * Paragraph designators of the CFR, from the top level down: `(a)`, `(1)`,
 * `(i)`, `(A)`, then italic `(1)` and italic `(i)` (rendered `(_1_)`,
 * `(*1*)` or `(<i>1</i>)`). A paragraph's children use the kind after its own.
 */
export const DESIGNATOR_KINDS = [
  'letter',
  'number',
  'roman',
  'upper',
  'italic_number',
  'italic_roman',
] as const;

export type DesignatorKind = (typeof DESIGNATOR_KINDS)[number];

/** One way to read a designator: its kind and the ordinals of its first and last member. */
export interface DesignatorReading {
  kind: DesignatorKind;
  value: number;
  last: number;
}

export interface DesignatorToken {
  /** The designator as written, e.g. `(b)` or the range `(5)-(6)`. */
  text: string;
  start16: number;
  end16: number;
  /** Every kind the token can be with its ordinal value; `(i)` is both a letter (9) and a roman (1). */
  readings: readonly DesignatorReading[];
}

/** The kind a paragraph of `kind` gives its children, if any; `null` is the `§` itself. */
export function childKind(kind: DesignatorKind | null): DesignatorKind | null {
  if (kind === null) return DESIGNATOR_KINDS[0];
  return DESIGNATOR_KINDS[DESIGNATOR_KINDS.indexOf(kind) + 1] ?? null;
}

const INNER = String.raw`[a-z]{1,7}|[A-Z]{1,2}|\d{1,3}|_[a-z\d]{1,7}_|\*{1,2}[a-z\d]{1,7}\*{1,2}|<i>[a-z\d]{1,7}</i>`;
/** One designator, optionally a range `(5)-(6)`, then the spaces before the next token or the text. */
const TOKEN = new RegExp(String.raw`\((${INNER})\)(?:-\((${INNER})\))?[ \t]*`, 'y');
/** A whole designator as stored on a section, with no bound on its inner text. */
const WRITTEN = /^\(([^()]+)\)(?:-\(([^()]+)\))?$/;

const ROMAN = /^(?=[ivxlcdm])m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const LETTER = /^([a-z])\1{0,2}$/;
const UPPER = /^([A-Z])\1?$/;
const ITALIC = /^(?:_|\*{1,2}|<i>)([a-z\d]+)(?:_|\*{1,2}|<\/i>)$/;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

function romanValue(s: string): number {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN_VALUES[s[i]!]!;
    const next = i + 1 < s.length ? ROMAN_VALUES[s[i + 1]!]! : 0;
    total += v < next ? -v : v;
  }
  return total;
}

/** `a`..`z` are 1..26, then `aa`..`zz` 27..52 and `aaa`.. as the CFR continues past `z`. */
function letterValue(s: string): number {
  return (s.length - 1) * 26 + (s.toLowerCase().charCodeAt(0) - 96);
}

/** The readings of what is inside one pair of parentheses: `b`, `xiv`, `_3_`. */
function readingsOf(inner: string): { kind: DesignatorKind; value: number }[] {
  if (/^\d+$/.test(inner)) return [{ kind: 'number', value: Number(inner) }];
  const italic = ITALIC.exec(inner);
  if (italic) {
    const core = italic[1]!;
    if (/^\d+$/.test(core)) return [{ kind: 'italic_number', value: Number(core) }];
    return ROMAN.test(core) ? [{ kind: 'italic_roman', value: romanValue(core) }] : [];
  }
  if (UPPER.test(inner)) return [{ kind: 'upper', value: letterValue(inner) }];
  const out: { kind: DesignatorKind; value: number }[] = [];
  if (LETTER.test(inner)) out.push({ kind: 'letter', value: letterValue(inner) });
  if (ROMAN.test(inner)) out.push({ kind: 'roman', value: romanValue(inner) });
  return out;
}

interface RangeOptions {
  /**
   * Drop a reading that the range's end cannot be read in (`(x)-(aa)` as a
   * roman). The parser keeps it as a one-member designator, so that a
   * malformed range still opens a paragraph; a check of the citations a tree
   * gives must not trust it.
   */
  strictEnd: boolean;
}

/** The readings of `(first)` or of the range `(first)-(last)`; a range counting down has none. */
function rangeReadings(
  first: string,
  last: string | undefined,
  options: RangeOptions,
): DesignatorReading[] {
  const firsts = readingsOf(first);
  const lasts = last === undefined ? firsts : readingsOf(last);
  const unmatched = (value: number): number => (options.strictEnd ? -1 : value);
  return firsts
    .map((r) => ({ ...r, last: lasts.find((l) => l.kind === r.kind)?.value ?? unmatched(r.value) }))
    .filter((r) => r.last >= r.value);
}

/** Each reading of a designator as written: `(i)` is letter 9 and roman 1; `(5)-(7)` number 5-7. */
export function designatorReadings(designator: string): DesignatorReading[] {
  const match = WRITTEN.exec(designator);
  if (!match) return [];
  return rangeReadings(match[1]!, match[2], { strictEnd: true });
}

/** An em dash where the export dropped a paragraph heading: `(2) —(i)  Except ...`. */
const DASH_BEFORE_TOKEN = /—[ \t]*(?=\()/y;

/**
 * The designators at `from16` (the first non-blank character of a line), in
 * order: `(b)  (1) BIS controls` gives `(b)` and `(1)`, and so does
 * `(b) —(1) BIS` (the dash is what is left of a dropped paragraph heading).
 * `body16` is where the text after them starts. A parenthesis that is no
 * designator (`(see`, `(ILS)`) ends the run. `memo` keeps the readings of
 * each designator as written, for a caller that reads many lines.
 */
export function readDesignators(
  text: string,
  from16: number,
  memo?: Map<string, readonly DesignatorReading[]>,
): { tokens: DesignatorToken[]; body16: number } {
  const tokens: DesignatorToken[] = [];
  let body16 = from16;
  let at = from16;
  for (;;) {
    if (tokens.length > 0) {
      DASH_BEFORE_TOKEN.lastIndex = at;
      if (DASH_BEFORE_TOKEN.test(text)) at = DASH_BEFORE_TOKEN.lastIndex;
    }
    if (text.charCodeAt(at) !== 0x28 /* ( */) break;
    // tested, not executed: a designator read before is known by its text, and its match
    // array and trimmed copy were most of what a line cost
    TOKEN.lastIndex = at;
    if (!TOKEN.test(text)) break;
    const next = TOKEN.lastIndex;
    let end16 = next;
    while (end16 > at && isBlankUnit(text.charCodeAt(end16 - 1))) end16--;
    const written = text.slice(at, end16);
    let readings = memo?.get(written);
    if (readings === undefined) {
      TOKEN.lastIndex = at;
      const match = TOKEN.exec(text)!;
      readings = rangeReadings(match[1]!, match[2], { strictEnd: false });
      memo?.set(written, readings);
    }
    if (readings.length === 0) break;
    tokens.push({ text: written, start16: at, end16, readings });
    at = next;
    body16 = at;
  }
  return { tokens, body16 };
}

/** A space or a tab: the blanks TOKEN ends with, and those a line's content is trimmed of. */
export function isBlankUnit(unit: number): boolean {
  return unit === 0x20 || unit === 0x09;
}
