import fc from 'fast-check';
import { expect, test } from 'vitest';
import { matchRanges } from './match-ranges.js';
import { queryWordMatcher } from './word-stem.js';

test('ranges cover the searched words and their other forms, in UTF-16 units', () => {
  const text = '𝒳 Exports and re-exports of an exporter; Expo';
  const ranges = matchRanges(text, ['export']);
  expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['Exports', 'exports', 'exporter']);
  // the astral letter before them counts two units
  expect(ranges[0]).toEqual([3, 10]);
});

test('no terms, no ranges; the count is capped', () => {
  expect(matchRanges('export export', [])).toEqual([]);
  expect(matchRanges('export '.repeat(500), ['export'])).toHaveLength(100);
  expect(matchRanges('export '.repeat(5), ['export'], 2)).toEqual([
    [0, 6],
    [7, 13],
  ]);
});

test('ranges are whole words, in order, and every word left out does not match', () => {
  const words = fc.constantFrom('Export', 'exports', 'import', 'École', 'ecole', 'x', '1', '𝒳');
  const seps = fc.constantFrom(' ', '-', ', ', '\n', '\u0301 ');
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{M}\p{N}]/u.test(c);
  fc.assert(
    fc.property(fc.array(fc.tuple(words, seps), { maxLength: 30 }), (pairs) => {
      const text = pairs.map(([w, s]) => w + s).join('');
      const terms = ['export', 'école'];
      const matches = queryWordMatcher(terms);
      const ranges = matchRanges(text, terms, 1000);
      let last = 0;
      for (const [s, e] of ranges) {
        expect(s).toBeGreaterThanOrEqual(last);
        expect(isWordChar(text[s - 1]) || isWordChar(text[e])).toBe(false);
        expect(matches(text.slice(s, e))).toBe(true);
        last = e;
      }
      // outside the ranges, no word matches
      let outside = '';
      last = 0;
      for (const [s, e] of ranges) {
        outside += `${text.slice(last, s)} `;
        last = e;
      }
      outside += text.slice(last);
      for (const word of outside.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
        expect(matches(word)).toBe(false);
    }),
  );
});
