/**
 * Cells of the table one comparison may fill: two sentence-sized lists
 * need a few thousand, and a pathological clause of a long answer may not
 * cost more memory or time than a few sentences do.
 */
export const MAX_CELLS = 250_000;

/**
 * Index pairs of a longest common subsequence of two lists, in order; null
 * when the lists are too long to compare (`MAX_CELLS`).
 */
export function commonSubsequence(
  a: readonly string[],
  b: readonly string[],
): [number, number][] | null {
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) return null;
  const table = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}
