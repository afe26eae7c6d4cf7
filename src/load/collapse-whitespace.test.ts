import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { collapseWhitespace } from './collapse-whitespace.js';

const WHITESPACE = [
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '\f',
  '\v',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
];

describe('collapseWhitespace', () => {
  test('every whitespace run becomes one space; single spaces stay', () => {
    expect(collapseWhitespace('a b')).toBe('a b');
    expect(collapseWhitespace('a  b\n\nc \t d\u00a0e ')).toBe('a b c d e ');
    expect(collapseWhitespace(' \n x')).toBe(' x');
    expect(collapseWhitespace('')).toBe('');
  });

  test('property: the same as replace(/\\s+/g, " ") on text made of words and whitespace', () => {
    const piece = fc.oneof(
      fc.constantFrom(...WHITESPACE),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, ' '));
      }),
    );
  });
});
