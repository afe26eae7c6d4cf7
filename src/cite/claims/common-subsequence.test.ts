import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonSubsequence, MAX_CELLS } from './common-subsequence.js';

const words = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 30 });

describe('commonSubsequence', () => {
  it('pairs equal items in increasing order on both sides', () => {
    fc.assert(
      fc.property(words, words, (a, b) => {
        const pairs = commonSubsequence(a, b)!;
        for (const [k, [i, j]] of pairs.entries()) {
          expect(a[i]).toBe(b[j]);
          if (k > 0) {
            expect(i).toBeGreaterThan(pairs[k - 1]![0]);
            expect(j).toBeGreaterThan(pairs[k - 1]![1]);
          }
        }
      }),
    );
  });

  it('finds all of a list in itself and in the list with items inserted', () => {
    fc.assert(
      fc.property(words, words, (a, extra) => {
        expect(commonSubsequence(a, a)).toHaveLength(a.length);
        const spread = a.flatMap((x, i) => [x, ...(extra[i] === undefined ? [] : [extra[i]!])]);
        expect(commonSubsequence(a, spread)).toHaveLength(a.length);
      }),
    );
  });

  it('declines lists whose table would pass the bound', () => {
    const long = Array.from({ length: Math.ceil(Math.sqrt(MAX_CELLS)) + 1 }, () => 'x');
    expect(commonSubsequence(long, long)).toBeNull();
    expect(commonSubsequence(['x'], ['x'])).toEqual([[0, 0]]);
  });
});
