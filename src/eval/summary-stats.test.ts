import { expect, test } from 'vitest';
import { mean, median, minimum } from './summary-stats.js';

test('no values give null, not 0 or NaN', () => {
  expect([mean([]), median([]), minimum([])]).toEqual([null, null, null]);
});

test('median of an odd and an even count, whatever the order', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
});

test('minimum and mean of a list too long to spread into Math.min', () => {
  const values = Array.from({ length: 300_000 }, (_, k) => 300_000 - k);
  expect(minimum(values)).toBe(1);
  expect(mean(values)).toBe(150_000.5);
});
