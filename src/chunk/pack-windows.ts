import type { Graphemes } from './grapheme.js';

/**
 * A sequence of atoms (pieces, words, sentences, blocks) in text order, each
 * at most the budget alone. Chunks are runs of consecutive atoms.
 */
export interface Atoms {
  readonly length: number;
  start16(i: number): number;
  end16(i: number): number;
  /** A cheap estimate of the cost of atoms i..j (inclusive), non-decreasing in j. */
  estimate(i: number, j: number): number;
  /** The exact cost of text[start16(i), end16(j)). */
  cost(i: number, j: number): number;
  /** Atoms that never begin or end a chunk (whitespace pieces). */
  skip?(i: number): boolean;
  /** Atoms that should not end a chunk when another follows (a heading). */
  keepWithNext?(i: number): boolean;
}

export interface PackedWindow {
  first: number;
  last: number;
  /** Exact cost of the window. */
  cost: number;
  /** The window ends inside a grapheme cluster that alone exceeds the budget. */
  splitsGrapheme: boolean;
}

export interface PackOptions {
  budget: number;
  /** Cost the next window may repeat from the end of the previous one, at most. */
  overlap: number;
}

const never = (): boolean => false;

/**
 * Greedy packing: each window takes as many atoms as fit the budget, then
 * gives back atoms until it ends on a grapheme boundary, on a non-skip atom
 * and within the exact budget. With overlap, the next window starts at the
 * earliest atom whose run to the previous end costs at most `overlap`, but
 * always late enough to take at least one new atom, so every step advances.
 */
export function packWindows(
  graphemes: Graphemes,
  atoms: Atoms,
  options: PackOptions,
  emit: (window: PackedWindow) => void,
): void {
  const n = atoms.length;
  const skip = atoms.skip ? atoms.skip.bind(atoms) : never;
  const keep = atoms.keepWithNext ? atoms.keepWithNext.bind(atoms) : never;
  const { budget, overlap } = options;
  const endsWell = (k: number): boolean =>
    !skip(k) && !(keep(k) && k + 1 < n) && graphemes.isBoundary(atoms.end16(k));
  /** The last atom in [first, last] that may end a window, or -1. */
  const settle = (first: number, last: number): number => {
    for (let k = last; k >= first; k--) if (endsWell(k)) return k;
    return -1;
  };
  let fit = 0;
  /**
   * The window from atom i that reaches atom `reach` (the first atom no window
   * took yet), or null when only a window without overlap can take it.
   */
  const windowFrom = (i: number, reach: number): PackedWindow | null => {
    if (fit < i) fit = i;
    while (fit + 1 < n && atoms.estimate(i, fit + 1) <= budget) fit++;
    let last = settle(i, fit);
    if (last < reach) {
      if (i < reach) return null;
      // nothing in reach ends well: a heading before an atom too big to join it, or a
      // grapheme cluster longer than the budget; take the reach as it is
      last = fit;
      while (last > i && skip(last)) last--;
    }
    let cost = atoms.cost(i, last);
    while (cost > budget && last > i) {
      // give back about as much as the window is over, then settle again
      let drop = last;
      let dropped = 0;
      do {
        dropped += atoms.estimate(drop, drop);
        drop--;
      } while (drop > i && dropped < cost - budget);
      const settled = settle(i, drop);
      if (settled < reach && i < reach) return null;
      last = settled < 0 ? drop : settled;
      cost = atoms.cost(i, last);
    }
    const splitsGrapheme =
      !graphemes.isBoundary(atoms.start16(i)) || !graphemes.isBoundary(atoms.end16(last));
    return { first: i, last, cost, splitsGrapheme };
  };
  let i = 0;
  while (i < n && skip(i)) i++;
  let reach = i;
  while (i < n) {
    let window = windowFrom(i, reach);
    if (window === null) {
      i = reach;
      window = windowFrom(i, reach)!;
    }
    const { last } = window;
    emit(window);
    // the next window must take at least one atom past this one that is not skipped
    let fresh = last + 1;
    while (fresh < n && skip(fresh)) fresh++;
    if (fresh >= n) return;
    reach = fresh;
    let next = fresh;
    if (overlap > 0) {
      let k = last + 1;
      while (k - 1 > i && atoms.estimate(k - 1, last) <= overlap) k--;
      // the estimate prices whole pieces: trimmed, an atom can cost more (`<|` is two
      // cl100k tokens, ` <|` one), so the exact cost of the repeated text settles it
      while (
        k <= last &&
        (skip(k) || !graphemes.isBoundary(atoms.start16(k)) || atoms.cost(k, last) > overlap)
      )
        k++;
      while (k <= last && atoms.estimate(k, fresh) > budget) k++;
      if (k <= last) next = k;
    }
    i = next;
  }
}
