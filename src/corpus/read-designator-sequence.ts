/**
 * The CFR paragraph scheme, to tell whether a paragraph tree gives the
 * citations a reader would write: top-level paragraphs are `(a)`, `(b)`...
 * (or `(1)`, `(2)`... in sections numbered that way), each level below uses
 * the next kind of `(a)` > `(1)` > `(i)` > `(A)` > italic `(1)` > italic
 * `(i)`, and siblings count up from 1 without gaps (a range `(5)-(6)` counts
 * as both). A tree that breaks the scheme was misread, or its source is
 * irregular (§ 772.1's definitions restart `(1)` under each term): its
 * paragraph ids cannot be trusted.
 */
export type DesignatorKind =
  | 'letter'
  | 'number'
  | 'roman'
  | 'upper'
  | 'italic_number'
  | 'italic_roman';

const ORDER: DesignatorKind[] = [
  'letter',
  'number',
  'roman',
  'upper',
  'italic_number',
  'italic_roman',
];
const TOP_KINDS: DesignatorKind[] = ['letter', 'number'];

interface Reading {
  kind: DesignatorKind;
  value: number;
  last: number;
}

const ROMAN = /^(?=[ivxlcdm])m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
const ITALIC = /^(?:_|\*{1,2}|<i>)([a-z\d]+)(?:_|\*{1,2}|<\/i>)$/;

function romanValue(s: string): number {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN_VALUES[s[i]!]!;
    const next = ROMAN_VALUES[s[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

/** `a`..`z` 1..26, then `aa`..`zz` 27..52, as the CFR continues past `z`. */
function letterValue(s: string): number {
  return (s.length - 1) * 26 + (s.toLowerCase().charCodeAt(0) - 96);
}

function readingsOfInner(inner: string): { kind: DesignatorKind; value: number }[] {
  if (/^\d+$/.test(inner)) return [{ kind: 'number', value: Number(inner) }];
  const italic = ITALIC.exec(inner);
  if (italic) {
    const core = italic[1]!;
    if (/^\d+$/.test(core)) return [{ kind: 'italic_number', value: Number(core) }];
    return ROMAN.test(core) ? [{ kind: 'italic_roman', value: romanValue(core) }] : [];
  }
  if (/^([A-Z])\1?$/.test(inner)) return [{ kind: 'upper', value: letterValue(inner) }];
  const out: { kind: DesignatorKind; value: number }[] = [];
  if (/^([a-z])\1{0,2}$/.test(inner)) out.push({ kind: 'letter', value: letterValue(inner) });
  if (ROMAN.test(inner)) out.push({ kind: 'roman', value: romanValue(inner) });
  return out;
}

/** Every reading of a designator as written: `(i)` is letter 9 and roman 1; `(5)-(6)` number 5 to 6. */
export function designatorReadings(designator: string): Reading[] {
  const match = /^\(([^()]+)\)(?:-\(([^()]+)\))?$/.exec(designator);
  if (!match) return [];
  const first = readingsOfInner(match[1]!);
  const last = match[2] === undefined ? first : readingsOfInner(match[2]);
  return first
    .map((r) => ({ ...r, last: last.find((l) => l.kind === r.kind)?.value ?? -1 }))
    .filter((r) => r.last >= r.value);
}

export type DesignatorSequence =
  | { ok: true; kinds: DesignatorKind[] }
  /**
   * `gap`: every child is of the expected kind and counts up, but some are
   * missing (`(f)` then `(2)`: a `(1)` the source hides behind a dash);
   * `restart`: a child of an unexpected kind or counting down (`(1)` under
   * `(iii)`), the sign that the tree around it is misread as a whole.
   */
  | { ok: false; problem: 'gap' | 'restart'; at: number };

/**
 * How a paragraph's children read in the scheme: the first child is number 1
 * of an allowed kind, each next one the successor of the previous in the
 * same kind.
 */
export function readDesignatorSequence(
  designators: readonly string[],
  allowed: readonly DesignatorKind[],
): DesignatorSequence {
  const kinds: DesignatorKind[] = [];
  let previous: Reading | null = null;
  let gap = -1;
  for (const [i, designator] of designators.entries()) {
    const readings = designatorReadings(designator);
    const fits = (r: Reading): boolean =>
      previous === null ? allowed.includes(r.kind) : r.kind === previous.kind;
    const strict = readings.find(
      (r) => fits(r) && r.value === (previous === null ? 1 : previous.last + 1),
    );
    const loose = strict ?? readings.find((r) => fits(r) && r.value > (previous?.last ?? 0));
    if (loose === undefined) return { ok: false, problem: 'restart', at: i };
    if (strict === undefined && gap < 0) gap = i;
    kinds.push(loose.kind);
    previous = loose;
  }
  return gap < 0 ? { ok: true, kinds } : { ok: false, problem: 'gap', at: gap };
}

/** The kinds a paragraph of `kind` may have as children (none below italic roman); `null` is the `§`. */
export function childKinds(kind: DesignatorKind | null): DesignatorKind[] {
  if (kind === null) return TOP_KINDS;
  const next = ORDER[ORDER.indexOf(kind) + 1];
  return next === undefined ? [] : [next];
}
