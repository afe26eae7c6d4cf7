import {
  childKind,
  DESIGNATOR_KINDS,
  type DesignatorKind,
  type DesignatorToken,
} from './designator.js';

/** Paragraph levels below a `§`: the scheme has six; drafting quirks may add a few. */
export const MAX_DEPTH = 12;
/**
 * How many of the designators after an ambiguous one are placed to judge a
 * reading: enough to see a list close and its parent's numbering go on
 * (`(a)`, `(b)` under a roman, then `(2)`), few enough to stay local.
 */
export const LOOKAHEAD = 4;
/** How far a first child looks for its second sibling (a bound, so a long section stays linear). */
export const SIBLING_REACH = 64;

interface Level {
  kind: DesignatorKind;
  value: number;
}

interface Placement {
  /** 0-based depth below the `§` section. */
  level: number;
  kind: DesignatorKind;
  value: number;
}

/**
 * Places designators in the paragraph tree as they come, one `§` section at
 * a time. A token goes where the scheme expects it: the first child of the
 * kind the current paragraph expects, or the successor of an open sibling.
 * Drafting skips levels (definitions put `(i)` right under `(a)`), so a
 * first value of any deeper kind is a candidate too.
 *
 * When a token can go to more than one place (`(i)`, `(v)`, `(x)` are
 * letters and romans; a restarted `(a)` under a roman is a new list or a
 * restart of the top), the designators after it decide: each reading is
 * kept on trial while the next `LOOKAHEAD` ones are placed, and the reading
 * under which more of them continue the scheme wins. On a tie a successor
 * beats a first child that no later sibling joins: the CFR never divides a
 * paragraph into one part, so `(i)` after `(h)(2)` at the end of a section
 * is the letter, not a lone roman under `(2)`.
 */
export class DesignatorNesting {
  private stack: Level[] = [];

  reset(): void {
    this.stack = [];
  }

  /**
   * Where `token` goes; `all[next..]` are the designators after it in the
   * section: the first `LOOKAHEAD` are placed on trial, the first
   * `SIBLING_REACH` searched for a first child's second sibling.
   */
  place(token: DesignatorToken, all: readonly DesignatorToken[] = [], next = 0): Placement {
    const shallow = (p: Placement): boolean => p.level < MAX_DEPTH;
    // one array, filtered in place: this runs once per designator, hundreds of thousands a title
    let candidates = strictPlacements(this.stack, token);
    for (const p of skippingPlacements(this.stack, token)) candidates.push(p);
    keepOnly(candidates, shallow);
    if (candidates.length === 0) candidates = keepOnly(loosePlacements(this.stack, token), shallow);
    let chosen = candidates[0] ?? lastResort(this.stack, token);
    if (candidates.length > 1) {
      // copied only here: most designators have one place, and the reach is long
      const window = all.slice(next, next + LOOKAHEAD);
      const reach = all.slice(next, next + SIBLING_REACH);
      let best = -1;
      for (const p of candidates) {
        const lone = this.isLoneChild(p, reach);
        const score = trialScore(applied(this.stack, p), window) + (lone ? 0 : 0.5);
        if (score > best) {
          best = score;
          chosen = p;
        }
      }
    }
    // the stack is this object's own (trials copy it): cut and extended where it is
    this.stack.length = chosen.level;
    this.stack.push({ kind: chosen.kind, value: chosen.value });
    return chosen;
  }

  /** A new first child that none of `reach` follows as its second sibling. */
  private isLoneChild(p: Placement, reach: readonly DesignatorToken[]): boolean {
    if (p.level < this.stack.length || p.value !== 1) return false;
    return !reach.some((t) => t.readings.some((r) => r.kind === p.kind && r.value === p.value + 1));
  }
}

/** Removes the items that fail `keep`, in order, from `items` itself. */
function keepOnly<T>(items: T[], keep: (item: T) => boolean): T[] {
  let kept = 0;
  for (const item of items) if (keep(item)) items[kept++] = item;
  items.length = kept;
  return items;
}

function applied(stack: readonly Level[], p: Placement): Level[] {
  return [...stack.slice(0, p.level), { kind: p.kind, value: p.value }];
}

/**
 * How many of `window`, placed in turn after a trial reading, continue the
 * scheme exactly: a first child of the expected kind or a successor. A
 * token that fits only by skipping a level (`(A)` right under a letter)
 * is placed but not counted; the trial stops at one that fits nowhere.
 */
function trialScore(stack: Level[], window: readonly DesignatorToken[]): number {
  let score = 0;
  let trial = stack;
  for (const token of window) {
    const strict = strictPlacements(trial, token)[0];
    const next = strict ?? skippingPlacements(trial, token)[0];
    if (next === undefined || next.level >= MAX_DEPTH) break;
    if (strict) score++;
    trial = applied(trial, next);
  }
  return score;
}

/** Placements that follow the scheme exactly: a first child, or the next sibling of an open paragraph. */
function strictPlacements(stack: readonly Level[], token: DesignatorToken): Placement[] {
  const out: Placement[] = [];
  const expected = childKind(stack.at(-1)?.kind ?? null);
  for (const r of token.readings) {
    if (r.kind === expected && r.value === 1)
      out.push({ level: stack.length, kind: r.kind, value: r.last });
  }
  for (let level = stack.length - 1; level >= 0; level--) {
    const open = stack[level]!;
    for (const r of token.readings) {
      if (r.kind === open.kind && r.value === open.value + 1)
        out.push({ level, kind: r.kind, value: r.last });
    }
  }
  return out;
}

/** A first child of a kind deeper than the expected one: `(a)` then `(i)` in definitions. */
function skippingPlacements(stack: readonly Level[], token: DesignatorToken): Placement[] {
  const innermost = stack.at(-1)?.kind;
  const expected = childKind(innermost ?? null);
  const floor = innermost === undefined ? -1 : DESIGNATOR_KINDS.indexOf(innermost);
  return token.readings
    .filter((r) => r.value === 1 && r.kind !== expected && DESIGNATOR_KINDS.indexOf(r.kind) > floor)
    .map((r) => ({ level: stack.length, kind: r.kind, value: r.last }));
}

/**
 * When numbering skips, restarts or repeats, or a scheme is unusual
 * (numbers at the top): a sibling of the innermost open paragraph of the
 * same kind, and for a first value (`(a)` under a roman: a list inside the
 * paragraph) a new child too, so the following designators can decide.
 */
function loosePlacements(stack: readonly Level[], token: DesignatorToken): Placement[] {
  const out: Placement[] = [];
  for (let level = stack.length - 1; level >= 0 && out.length === 0; level--) {
    const open = stack[level]!;
    const r = token.readings.find((x) => x.kind === open.kind);
    if (r) out.push({ level, kind: r.kind, value: r.last });
  }
  const first = token.readings.find((x) => x.value === 1);
  if (out.length > 0 && first)
    out.push({ level: stack.length, kind: first.kind, value: first.last });
  return out;
}

/**
 * A new child of the innermost paragraph, never deeper than MAX_DEPTH, so
 * that no sequence of designators can build a tree as deep as the text is
 * long.
 */
function lastResort(stack: readonly Level[], token: DesignatorToken): Placement {
  const expected = childKind(stack.at(-1)?.kind ?? null);
  const r =
    token.readings.find((x) => x.kind === expected) ??
    token.readings.find((x) => x.kind === (stack.at(-1)?.kind === 'number' ? 'roman' : 'letter')) ??
    token.readings[0]!;
  return { level: Math.min(stack.length, MAX_DEPTH - 1), kind: r.kind, value: r.last };
}
