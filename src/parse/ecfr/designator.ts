/**
 * Paragraph designators of the CFR: `(a)`, `(1)`, `(i)`, `(A)`, then italic
 * `(1)` and italic `(i)` (rendered `(_1_)`, `(*1*)` or `(<i>1</i>)`).
 */
export type DesignatorKind =
  | 'letter'
  | 'number'
  | 'roman'
  | 'upper'
  | 'italic_number'
  | 'italic_roman';

export interface DesignatorToken {
  /** The designator as written, e.g. `(b)` or the range `(5)-(6)`. */
  text: string;
  start16: number;
  end16: number;
  /** Every kind the token can be with its ordinal value; `(i)` is both a letter (9) and a roman (1). */
  readings: { kind: DesignatorKind; value: number; last: number }[];
}

const INNER = String.raw`[a-z]{1,7}|[A-Z]{1,2}|\d{1,3}|_[a-z\d]{1,7}_|\*{1,2}[a-z\d]{1,7}\*{1,2}|<i>[a-z\d]{1,7}</i>`;
/** One designator, optionally a range `(5)-(6)`, then the spaces before the next token or the text. */
const TOKEN = new RegExp(String.raw`\((${INNER})\)(?:-\((${INNER})\))?[ \t]*`, 'y');

const ROMAN = /^(?=[ivxlcdm])m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const LETTER = /^([a-z])\1{0,2}$/;
const UPPER = /^([A-Z])\1?$/;
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

function readingsOf(inner: string): { kind: DesignatorKind; value: number }[] {
  if (/^\d+$/.test(inner)) return [{ kind: 'number', value: Number(inner) }];
  const italic = /^(?:_|\*{1,2}|<i>)([a-z\d]+)(?:_|\*{1,2}|<\/i>)$/.exec(inner);
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

/** An em dash where the export dropped a paragraph heading: `(2) —(i)  Except ...`. */
const DASH_BEFORE_TOKEN = /—[ \t]*(?=\()/y;

/**
 * The designators at `from16` (the first non-blank character of a line), in
 * order: `(b)  (1) BIS controls` gives `(b)` and `(1)`, and so does
 * `(b) —(1) BIS` (the dash is what is left of a dropped paragraph heading).
 * `body16` is where the text after them starts. A parenthesis that is no
 * designator (`(see`, `(ILS)`) ends the run.
 */
export function readDesignators(
  text: string,
  from16: number,
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
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(text);
    if (!match) break;
    const first = readingsOf(match[1]!);
    const last = match[2] === undefined ? first : readingsOf(match[2]);
    const readings = first
      .map((r) => ({ ...r, last: last.find((l) => l.kind === r.kind)?.value ?? r.value }))
      .filter((r) => r.last >= r.value);
    if (readings.length === 0) break;
    const written = match[0].trimEnd();
    tokens.push({ text: written, start16: at, end16: at + written.length, readings });
    at += match[0].length;
    body16 = at;
  }
  return { tokens, body16 };
}
