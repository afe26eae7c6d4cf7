import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOrdinal, encodeOrdinal } from './ordinal-key.js';

const byteOrder = (a: string, b: string): number =>
  Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
const number = fc.oneof(fc.nat(2000), fc.maxSafeNat());

describe('encodeOrdinal', () => {
  it('pads short numbers and announces long ones with a letter', () => {
    expect(encodeOrdinal(7, 3)).toBe('007');
    expect(encodeOrdinal(999, 3)).toBe('999');
    expect(encodeOrdinal(1000, 3)).toBe('a1000');
    expect(encodeOrdinal(10_000, 3)).toBe('b10000');
    expect(encodeOrdinal(9, 2)).toBe('09');
    expect(encodeOrdinal(10, 2)).toBe('10');
    expect(encodeOrdinal(100, 2)).toBe('a100');
    expect(encodeOrdinal(Number.MAX_SAFE_INTEGER, 2)).toBe('n9007199254740991');
  });

  it('refuses what is not a non-negative safe integer', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53])
      expect(() => encodeOrdinal(bad, 3)).toThrow(RangeError);
  });

  it('orders byte-wise as the numbers do, for every width', () => {
    fc.assert(
      fc.property(number, number, fc.integer({ min: 1, max: 4 }), (a, b, width) => {
        expect(byteOrder(encodeOrdinal(a, width), encodeOrdinal(b, width))).toBe(Math.sign(a - b));
      }),
    );
  });

  it('is prefix-free, so a following separator never decides the order', () => {
    fc.assert(
      fc.property(number, number, fc.integer({ min: 1, max: 4 }), (a, b, width) => {
        fc.pre(a !== b);
        expect(encodeOrdinal(b, width).startsWith(encodeOrdinal(a, width))).toBe(false);
      }),
    );
  });

  it('decodes what it encodes, at any offset', () => {
    fc.assert(
      fc.property(
        number,
        fc.integer({ min: 1, max: 4 }),
        fc.string({ maxLength: 3 }),
        (n, width, prefix) => {
          const text = `${prefix}${encodeOrdinal(n, width)}|rest`;
          const decoded = decodeOrdinal(text, prefix.length, width);
          expect(decoded).toEqual({ value: n, end: text.length - 5 });
        },
      ),
    );
  });

  it('says why a key is not canonical', () => {
    expect(decodeOrdinal('07', 0, 3)).toMatch(/expected 3 digits/);
    expect(decodeOrdinal('a999', 0, 3)).toMatch(/announces 4 digits/);
    expect(decodeOrdinal('a0999', 0, 3)).toMatch(/must not start with 0/);
    expect(decodeOrdinal(`z${'9'.repeat(29)}`, 0, 3)).toMatch(/too large/);
    expect(decodeOrdinal('-1', 0, 3)).toMatch(/expected a number/);
  });
});
