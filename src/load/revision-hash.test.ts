import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha1Hex } from './hash.js';
import { normalizeText } from './normalize-text.js';
import { revisionHash } from './revision-hash.js';

/** Everything a step of the normalization reads: letters to join and compose, blanks, breaks, pages. */
const PIECES = [
  'a',
  'Z',
  '7',
  'é',
  'e\u0301',
  '\u0301',
  '\u1100\u1161',
  '\u{1D4B6}',
  '\ud835',
  '\udcb6',
  '-',
  ' ',
  '  ',
  '\t',
  '\r\n',
  '\n',
  '\u00a0',
  '\ufeff',
  '\u2028',
  '\f',
  'Page 1',
  'word',
];

describe('revisionHash', () => {
  it('is the sha1 of the whole normalized text, however the text is cut into parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }),
        fc.integer({ min: 1, max: 24 }),
        (pieces, partUnits) => {
          const text = pieces.join('');
          expect(revisionHash(text, partUnits)).toBe(sha1Hex(normalizeText(text)));
        },
      ),
    );
  });
});
