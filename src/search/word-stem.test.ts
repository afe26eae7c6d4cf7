import fc from 'fast-check';
import { expect, test } from 'vitest';
import { queryWordMatcher, stemOf } from './word-stem.js';

test('property: the matcher answers as the plain rule (NFC, lower case, word or stem), first-letter shortcut or not', () => {
  const word = fc.oneof(
    fc.constantFrom(
      'Exports',
      'exporter',
      'e\u0301xport',
      'Éxport',
      'İstanbul',
      'istanbul',
      'ΣΑΣ',
      'Yields',
      'y',
      '1st',
    ),
    fc.string({ minLength: 1, maxLength: 8 }),
  );
  const terms = fc.array(
    fc.oneof(
      fc.constantFrom('export', 'éxport', 'İstanbul', 'σας', 'yield', '1st'),
      fc.string({ minLength: 1, maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 4 },
  );
  fc.assert(
    fc.property(terms, fc.array(word, { maxLength: 20 }), (ts, words) => {
      const exact = new Set(ts.map((t) => t.toLowerCase()));
      const stemmed = new Set([...exact].map(stemOf));
      const matches = queryWordMatcher(ts);
      for (const w of words) {
        const lower = w.normalize('NFC').toLowerCase();
        expect(matches(w), w).toBe(exact.has(lower) || stemmed.has(stemOf(lower)));
      }
    }),
  );
});
