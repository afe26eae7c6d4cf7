import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  headingFieldMaker,
  headingFieldText,
  MAX_HEADING_FIELD_CHARS,
  tsRankWeights,
} from './heading-field.js';

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

/** The field as its definition reads: code points of each cleaned heading, innermost first. */
function fieldByDefinition(path: readonly string[]): string {
  const kept: string[] = [];
  let budget = MAX_HEADING_FIELD_CHARS;
  for (let i = path.length - 1; i >= 0 && budget > 0; i--) {
    const points = Array.from(path[i]!.replace(/\S{65,}/gu, ' '));
    kept.unshift(points.slice(0, budget).join(''));
    budget -= points.length;
  }
  return kept.join('\n');
}

test('property: one maker over many paths that share headings gives each path its field by definition', () => {
  const heading = fc.oneof(
    fc.constantFrom('(a)', '§ 746.3 Iraq.', 'PART 746—EMBARGOES AND OTHER SPECIAL CONTROLS'),
    fc.string({ unit: 'binary', maxLength: 90 }),
    fc.string({ unit: 'grapheme', minLength: 60, maxLength: 200 }),
    fc.string({
      unit: fc.constantFrom('x', ' ', '\uD83D', '\uDE00', '\uD83D\uDE00'),
      maxLength: 150,
    }),
  );
  fc.assert(
    fc.property(fc.array(fc.array(heading, { maxLength: 7 }), { maxLength: 12 }), (paths) => {
      const field = headingFieldMaker();
      for (const path of paths) expect(field(path)).toBe(fieldByDefinition(path));
    }),
    { numRuns: 300 },
  );
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
