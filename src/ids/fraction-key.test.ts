import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionBetween, fractionsBetween, isFraction } from './fraction-key.js';

describe('fractionBetween', () => {
  it('gives short keys where there is room', () => {
    expect(fractionBetween('', null)).toBe('5');
    expect(fractionBetween('5', null)).toBe('8');
    expect(fractionBetween('', '5')).toBe('3');
    expect(fractionBetween('1', '2')).toBe('15');
    expect(fractionBetween('', '1')).toBe('05');
    expect(fractionBetween('5', '51')).toBe('505');
  });

  it('refuses bad bounds', () => {
    expect(() => fractionBetween('50', null)).toThrow(/not a fraction/);
    expect(() => fractionBetween('5', '5')).toThrow(/not below/);
    expect(() => fractionBetween('6', '5')).toThrow(/not below/);
  });

  it('never runs out: any sequence of insertions stays strictly ordered', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 300 }), (choices) => {
        const keys: string[] = [];
        for (const choice of choices) {
          // insert between keys[at-1] and keys[at]
          const at = choice % (keys.length + 1);
          const low = at === 0 ? '' : keys[at - 1]!;
          const high = at === keys.length ? null : keys[at]!;
          const key = fractionBetween(low, high);
          expect(isFraction(key)).toBe(true);
          expect(key > low).toBe(true);
          if (high !== null) expect(key < high).toBe(true);
          keys.splice(at, 0, key);
        }
        expect([...keys].sort()).toEqual(keys);
      }),
    );
  });

  it('stays short when always inserting at the same place', () => {
    let low = '';
    let high: string | null = '1';
    for (let k = 0; k < 200; k++) high = fractionBetween(low, high);
    // Halving a decimal range: about one digit per 3.3 insertions.
    expect(high!.length).toBeLessThan(70);
    low = '5';
    for (let k = 0; k < 200; k++) low = fractionBetween(low, null);
    expect(low.length).toBeLessThan(80);
  });
});

describe('fractionsBetween', () => {
  it('gives count ascending keys inside the range, avoiding used ones, about log2(count) digits long', () => {
    fc.assert(
      fc.property(
        fc.nat(2000),
        fc.array(fc.stringMatching(/^\d{0,3}[1-9]$/), { maxLength: 30 }),
        (count, used) => {
          const avoid = new Set(used);
          const keys = fractionsBetween('', null, count, avoid);
          expect(keys).toHaveLength(count);
          for (const [k, key] of keys.entries()) {
            expect(isFraction(key)).toBe(true);
            expect(avoid.has(key)).toBe(false);
            if (k > 0) expect(keys[k - 1]! < key).toBe(true);
          }
          const longest = Math.max(0, ...keys.map((key) => key.length));
          expect(longest).toBeLessThanOrEqual(Math.ceil(Math.log2(count + 1)) + 5);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('respects both bounds', () => {
    const keys = fractionsBetween('3', '31', 40);
    expect(keys[0]! > '3').toBe(true);
    expect(keys.at(-1)! < '31').toBe(true);
  });
});
