import {
  childKind,
  type DesignatorKind,
  type DesignatorReading,
  designatorReadings,
} from '../parse/ecfr/designator.js';

/** Top-level paragraphs are `(a)`, `(b)`..., or `(1)`, `(2)`... in sections numbered that way. */
const TOP_KINDS: DesignatorKind[] = ['letter', 'number'];

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
 * How a paragraph's children read in the CFR paragraph scheme, to tell
 * whether a paragraph tree gives the citations a reader would write: the
 * first child is number 1 of an allowed kind, each level below uses the next
 * kind of `(a)` > `(1)` > `(i)` > `(A)` > italic `(1)` > italic `(i)`, and
 * siblings count up in the same kind without gaps (a range `(5)-(6)` counts
 * as both). A tree that breaks the scheme was misread, or its source is
 * irregular (§ 772.1's definitions restart `(1)` under each term): its
 * paragraph ids cannot be trusted.
 */
export function readDesignatorSequence(
  designators: readonly string[],
  allowed: readonly DesignatorKind[],
): DesignatorSequence {
  const kinds: DesignatorKind[] = [];
  let previous: DesignatorReading | null = null;
  let gap = -1;
  for (const [i, designator] of designators.entries()) {
    const readings = designatorReadings(designator);
    const fits = (r: DesignatorReading): boolean =>
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
  const next = childKind(kind);
  return next === null ? [] : [next];
}
