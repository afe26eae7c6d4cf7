/** Heading ranks stop here, like HTML's h6: finer size steps are typographic noise. */
const MAX_RANK = 6;

/**
 * Ranks heading font sizes across a document: the largest size is rank 1, the
 * next distinct size rank 2, and so on. Sizes within half a point count as one,
 * since the same style renders at slightly different scales.
 */
export function rankHeadingSizes(sizes: Iterable<number>): (size: number) => number {
  const distinct = [...new Set([...sizes].map(roundSize))].sort((a, b) => b - a);
  return (size) => {
    const index = distinct.indexOf(roundSize(size));
    return Math.min(MAX_RANK, index < 0 ? distinct.length + 1 : index + 1);
  };
}

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}
