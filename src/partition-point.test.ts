import fc from 'fast-check';
import { expect, test } from 'vitest';
import { partitionPoint } from './partition-point.js';

test('property: equals a linear scan for the first index where a prefix predicate fails', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -50, max: 50 })),
      fc.integer({ min: -60, max: 60 }),
      (raw, limit) => {
        const values = [...raw].sort((a, b) => a - b);
        const linear = values.findIndex((v) => !(v < limit));
        expect(partitionPoint(values.length, (i) => values[i]! < limit)).toBe(
          linear === -1 ? values.length : linear,
        );
      },
    ),
  );
});
