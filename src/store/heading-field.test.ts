import fc from 'fast-check';
import { expect, test } from 'vitest';
import { headingFieldText, tsRankWeights } from './heading-field.js';

test('the heading field is the path top down, one heading a line', () => {
  expect(headingFieldText(['Chapter VII', '§ 746.1   Introduction.', '(b)', '(1)'])).toBe(
    'Chapter VII\n§ 746.1   Introduction.\n(b)\n(1)',
  );
  expect(headingFieldText([])).toBe('');
});

test("the heading field is bounded: the innermost headings' first 128 code points, no run of 65 non-space characters", () => {
  const long = 'x'.repeat(1000);
  expect(headingFieldText([`Top ${long} end`, 'Inner'])).toBe('Top   end\nInner');
  const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
  const field = headingFieldText(['Chapter', words, '§ 746.1 Introduction.', '(b)']);
  expect(field.startsWith(`${words.slice(0, 128 - 21 - 3)}\n§ 746.1 Introduction.\n(b)`)).toBe(
    true,
  );
  expect(field).not.toContain('Chapter');
  expect(Array.from(field.replaceAll('\n', '')).length).toBe(128);
  expect(headingFieldText(['€'.repeat(300)])).toBe(' ');
});

test("property: ts_rank's weights stay within 0..1 and keep the heading-to-text ratio", () => {
  fc.assert(
    fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (weight) => {
      const [d, c, b, a] = tsRankWeights(weight).slice(1, -1).split(',').map(Number) as [
        number,
        number,
        number,
        number,
      ];
      for (const w of [d, c, b, a]) {
        expect(w).toBeGreaterThanOrEqual(0);
        expect(w).toBeLessThanOrEqual(1);
      }
      expect(c).toBe(d);
      expect(a).toBe(d);
      expect(b / d).toBeCloseTo(weight, 9);
    }),
  );
});
