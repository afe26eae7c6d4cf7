/**
 * Dense keys for chunks inserted after a minor edit. A fraction is the
 * digits after the decimal point of a number in (0, 1) with no trailing
 * zero; for such strings byte-wise order is numeric order, and between any
 * two of them (or between one and the end of the range) there is always
 * another, so insertions never run out and never renumber a neighbour.
 * The midpoint construction follows the fractional indexing algorithm
 * (Evan Wallace; David Greenspan's `fractional-indexing`), in base 10.
 */

const FRACTION = /^\d*[1-9]$/;

export function isFraction(text: string): boolean {
  return FRACTION.test(text);
}

/**
 * A fraction strictly between `low` and `high`; `''` is the start of the
 * range and `null` its end. Short when there is room: `('', null)` is `5`.
 */
export function fractionBetween(low: string, high: string | null): string {
  if (low !== '' && !isFraction(low)) throw new RangeError(`not a fraction: "${low}"`);
  if (high !== null && !isFraction(high)) throw new RangeError(`not a fraction: "${high}"`);
  if (high !== null && low >= high) throw new RangeError(`"${low}" is not below "${high}"`);
  return midpoint(low, high);
}

/**
 * `count` fractions strictly between `low` and `high`, ascending, none equal
 * to one in `avoid` (fractions already used, for instance by retired IDs).
 * Halving the range recursively keeps the keys about log2(count) digits long.
 */
export function fractionsBetween(
  low: string,
  high: string | null,
  count: number,
  avoid: ReadonlySet<string> = new Set(),
): string[] {
  if (count <= 0) return [];
  let middle = fractionBetween(low, high);
  // A used key is never handed out again: look for a free one below it.
  while (avoid.has(middle)) middle = fractionBetween(low, middle);
  // Recursion depth is log2(count): halving keeps it shallow for any run.
  const left = Math.floor((count - 1) / 2);
  return [
    ...fractionsBetween(low, middle, left, avoid),
    middle,
    ...fractionsBetween(middle, high, count - 1 - left, avoid),
  ];
}

function midpoint(low: string, high: string | null): string {
  if (high !== null) {
    // Drop the common prefix, reading `low` as padded with zeros.
    let n = 0;
    while ((low[n] ?? '0') === high[n]) n++;
    if (n > 0) return high.slice(0, n) + midpoint(low.slice(n), high.slice(n));
  }
  const lowDigit = low === '' ? 0 : Number(low[0]);
  const highDigit = high === null ? 10 : Number(high[0]);
  if (highDigit - lowDigit > 1) return String(Math.round((lowDigit + highDigit) / 2));
  // Adjacent digits: `high`'s first digit alone lies between when `high` goes on.
  if (high !== null && high.length > 1) return high.slice(0, 1);
  return String(lowDigit) + midpoint(low.slice(1), null);
}
