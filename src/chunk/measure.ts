import { codePointsBetween } from '../load/surrogates.js';
import type { PieceTable } from './tokenizers/piece-table.js';

/**
 * The size of a stretch of text in a chunker's unit. `exact` is what the
 * chunk reports and the budget bounds; `estimate` is cheap, never far off,
 * and guides packing before `exact` settles it.
 */
export interface Measure {
  readonly unit: 'token' | 'char';
  readonly budget: number;
  exact(a16: number, b16: number): number;
  estimate(a16: number, b16: number): number;
  /** A bound `exact` never exceeds, from the length alone (Infinity when there is none). */
  atMost(a16: number, b16: number): number;
}

/** UTF-8 bytes per UTF-16 unit, at most: a pair's two units are four bytes. */
const MAX_BYTES_PER_UNIT = 3;

export function tokenMeasure(table: PieceTable, budget: number): Measure {
  return {
    unit: 'token',
    budget,
    exact: (a16, b16) => table.count(a16, b16),
    estimate: (a16, b16) => table.estimate(a16, b16),
    atMost: table.counter.withinBytes
      ? (a16, b16) => MAX_BYTES_PER_UNIT * (b16 - a16)
      : () => Number.POSITIVE_INFINITY,
  };
}

/** Code points; without surrogate pairs in the text, UTF-16 units are code points. */
export function charMeasure(text: string, budget: number, surrogates: boolean): Measure {
  const exact = surrogates
    ? (a16: number, b16: number) => codePointsBetween(text, a16, b16)
    : (a16: number, b16: number) => b16 - a16;
  return { unit: 'char', budget, exact, estimate: exact, atMost: (a16, b16) => b16 - a16 };
}
