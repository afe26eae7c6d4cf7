/**
 * How many leading indices of `[0, length)` satisfy `before`, for a
 * predicate that holds on a prefix and fails on the rest (the first index
 * where it fails, by binary search). Every sorted lookup in cairn is this:
 * the values below a limit, the last span starting at or before an offset.
 */
export function partitionPoint(length: number, before: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
