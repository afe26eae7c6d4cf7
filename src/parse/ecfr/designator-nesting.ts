import {
  childKind,
  DESIGNATOR_KINDS,
  type DesignatorKind,
  type DesignatorToken,
} from './designator.js';

/** Paragraph levels below a `§`: the scheme has six; drafting quirks may add a few. */
export const MAX_DEPTH = 12;

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
 * first value of any deeper kind is a candidate too. Ambiguous tokens
 * (`(i)`, `(v)`, `(x)`: letter or roman) can fit twice; then the next
 * designator decides (`(ii)` next means roman, `(j)` next means letter).
 */
export class DesignatorNesting {
  private stack: Level[] = [];

  reset(): void {
    this.stack = [];
  }

  /** Where `token` goes; `next` is the designator after it, if any, to break ties. */
  place(token: DesignatorToken, next?: DesignatorToken): Placement {
    const candidates = [
      ...strictPlacements(this.stack, token),
      ...skippingPlacements(this.stack, token),
    ];
    let chosen: Placement | undefined = candidates[0];
    if (candidates.length > 1 && next) {
      chosen =
        candidates.find((p) => strictPlacements(applied(this.stack, p), next).length > 0) ?? chosen;
    }
    if (!chosen || chosen.level >= MAX_DEPTH) chosen = loosePlacement(this.stack, token);
    this.stack = applied(this.stack, chosen);
    return chosen;
  }
}

function applied(stack: Level[], p: Placement): Level[] {
  return [...stack.slice(0, p.level), { kind: p.kind, value: p.value }];
}

/** Placements that follow the scheme exactly: a first child, or the next sibling of an open paragraph. */
function strictPlacements(stack: Level[], token: DesignatorToken): Placement[] {
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
function skippingPlacements(stack: Level[], token: DesignatorToken): Placement[] {
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
 * same kind, else a new child. Never deeper than MAX_DEPTH, so that no
 * sequence of designators can build a tree as deep as the text is long.
 */
function loosePlacement(stack: Level[], token: DesignatorToken): Placement {
  for (let level = stack.length - 1; level >= 0; level--) {
    const open = stack[level]!;
    const r = token.readings.find((x) => x.kind === open.kind);
    if (r) return { level, kind: r.kind, value: r.last };
  }
  const expected = childKind(stack.at(-1)?.kind ?? null);
  const r =
    token.readings.find((x) => x.kind === expected) ??
    token.readings.find((x) => x.kind === (stack.at(-1)?.kind === 'number' ? 'roman' : 'letter')) ??
    token.readings[0]!;
  return { level: Math.min(stack.length, MAX_DEPTH - 1), kind: r.kind, value: r.last };
}
