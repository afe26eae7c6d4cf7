/** A query word found in a text: its word position and which query stem it is. */
export interface Match {
  at: number;
  stem: number;
}

/** The heaviest set of distinct query stems within one window, and where its first and last matches stand. */
export interface WindowSpan {
  /** The summed weight of the window's distinct stems; 0 when the text holds no query word. */
  weight: number;
  /** Word positions of the window's first and last match; -1 when the text holds no query word. */
  from: number;
  to: number;
}

/**
 * Each query stem's BM25 idf among the candidates (`positions`, one match
 * list per candidate), so that a word every candidate holds weighs little.
 */
export function poolIdf(stems: number, positions: readonly (readonly Match[])[]): number[] {
  const n = positions.length;
  return Array.from({ length: stems }, (_, stem) => {
    const df = positions.filter((matches) => matches.some((m) => m.stem === stem)).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
}

/**
 * The best window of `words` words: the one whose distinct query stems weigh
 * most, the first such when several tie. Matches are in text order.
 */
export function bestWindow(
  matches: readonly Match[],
  weights: readonly number[],
  words: number,
): WindowSpan {
  const best: WindowSpan = { weight: 0, from: -1, to: -1 };
  const seen = new Set<number>();
  for (let a = 0; a < matches.length; a++) {
    seen.clear();
    let sum = 0;
    let b = a;
    for (; b < matches.length && matches[b]!.at - matches[a]!.at < words; b++) {
      const { stem } = matches[b]!;
      if (!seen.has(stem)) {
        seen.add(stem);
        sum += weights[stem]!;
      }
    }
    if (sum > best.weight) {
      best.weight = sum;
      best.from = matches[a]!.at;
      best.to = matches[b - 1]!.at;
    }
  }
  return best;
}

/**
 * The weight of the query's adjacent stem pairs (stem i, then stem i + 1:
 * stems are numbered in the query's order) that the text holds in that
 * order, the second within `gapWords` words of the first, over the weight
 * of all pairs; 0 for a query of one word.
 */
export function phraseShare(
  matches: readonly Match[],
  weights: readonly number[],
  gapWords: number,
): number {
  let all = 0;
  for (let stem = 1; stem < weights.length; stem++) all += weights[stem - 1]! + weights[stem]!;
  if (all <= 0) return 0;
  const lastAt = new Array<number>(weights.length).fill(Number.NEGATIVE_INFINITY);
  const held = new Array<boolean>(weights.length).fill(false);
  let sum = 0;
  for (const { at, stem } of matches) {
    const gap = stem > 0 ? at - lastAt[stem - 1]! : 0;
    if (!held[stem] && gap >= 1 && gap <= gapWords) {
      held[stem] = true;
      sum += weights[stem - 1]! + weights[stem]!;
    }
    lastAt[stem] = at;
  }
  return sum / all;
}
