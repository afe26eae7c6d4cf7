import fc from 'fast-check';
import { expect, test } from 'vitest';
import { stemIds, stemOfId, textWords } from './text-stems.js';
import { stemOf } from './word-stem.js';

/** The same words the plain way: every word by regex, lower-cased and stemmed, with its first unit where that is not its stem's. */
function reference(text: string): { stems: string[]; odd: [number, string][]; spans: number[][] } {
  const stems: string[] = [];
  const odd: [number, string][] = [];
  const spans: number[][] = [];
  for (const { 0: word, index } of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const stem = stemOf(word.toLowerCase());
    const first = word[0]!.toLowerCase();
    if (first !== stem[0]) odd.push([stems.length, first]);
    stems.push(stem);
    spans.push([index, index + word.length]);
  }
  return { stems, odd, spans };
}

test('a text becomes its words as stem ids, and the same text again is not scanned again', () => {
  const text = 'Borrowing checks: the borrow checker borrowed it.';
  const [borrow, check, the, checker, it] = stemIds(['borrow', 'check', 'the', 'checker', 'it']);
  const words = textWords(text);
  // "checker" is a stem of its own: Porter keeps -er after a short stem
  expect([...words.stems]).toEqual([borrow, check, the, borrow, checker, borrow, it]);
  expect(words.odd_firsts).toBeNull();
  // an equal string built anew finds the words already made
  expect(textWords(`Borrowing checks: the borrow ${'checker borrowed it.'}`)).toBe(words);
});

test('property: the words are those of a plain scan, whatever texts were seen before', () => {
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
    'İstanbul',
  );
  const seps = fc.constantFrom(' ', '-', ', ', '\n', '\u0301 ');
  const texts = fc
    .array(fc.tuple(words, seps), { maxLength: 30 })
    .map((pairs) => pairs.map(([w, s]) => w + s).join(''));
  fc.assert(
    fc.property(fc.array(texts, { minLength: 1, maxLength: 4 }), (list) => {
      for (const text of list) {
        const plain = reference(text);
        const found = textWords(text);
        expect([...found.stems]).toEqual(stemIds(plain.stems));
        expect([...(found.odd_firsts ?? new Map())]).toEqual(plain.odd);
        expect([...found.starts16].map((start, i) => [start, found.ends16[i]])).toEqual(
          plain.spans,
        );
        expect([...found.stems].map(stemOfId)).toEqual(plain.stems);
      }
    }),
  );
});
