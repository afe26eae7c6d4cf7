/** Mean of the values, or null for none (a figure over no data is not 0). */
export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Median of the values (the mean of the middle two for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Least of the values, or null for none. */
export function minimum(values: readonly number[]): number | null {
  // a loop, not Math.min(...values): spreading a long list overflows the call stack
  let least: number | null = null;
  for (const v of values) if (least === null || v < least) least = v;
  return least;
}
