import fc from 'fast-check';
import { expect, test } from 'vitest';
import { textStems } from './text-stems.js';
import { stemOf } from './word-stem.js';

/** The same grouping the plain way: every word by regex, lower-cased and stemmed, numbered in order. */
function reference(text: string): Map<string, { at: number[]; first: string[] }> {
  const out = new Map<string, { at: number[]; first: string[] }>();
  let at = 0;
  for (const [word] of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const stem = stemOf(word.toLowerCase());
    const entry = out.get(stem) ?? { at: [], first: [] };
    entry.at.push(at++);
    entry.first.push(word[0]!.toLowerCase());
    out.set(stem, entry);
  }
  return out;
}

test('a text is grouped by stem with word positions, and the same text again is not scanned again', () => {
  const text = 'Borrowing checks: the borrow checker borrowed it.';
  const stems = textStems(text);
  expect(stems.get('borrow')).toEqual({ at: [0, 3, 5], first: ['b', 'b', 'b'] });
  expect(stems.get('check')).toEqual({ at: [1], first: ['c'] });
  // an equal string built anew finds the groups already made
  expect(textStems(`Borrowing checks: the borrow ${'checker borrowed it.'}`)).toBe(stems);
});

test('property: the groups are those of a plain scan, whatever texts were seen before', () => {
  const words = fc.constantFrom(
    'Export',
    'exports',
    'import',
    'École',
    'ecole',
    'x',
    '1',
    '𝒳',
    'Yield',
    'yes',
  );
  const seps = fc.constantFrom(' ', '-', ', ', '\n', '\u0301 ');
  const texts = fc
    .array(fc.tuple(words, seps), { maxLength: 30 })
    .map((pairs) => pairs.map(([w, s]) => w + s).join(''));
  fc.assert(
    fc.property(fc.array(texts, { minLength: 1, maxLength: 4 }), (list) => {
      for (const text of list) expect(textStems(text)).toEqual(reference(text));
    }),
  );
});
