import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../errors.js';
import { estimateTokens } from './estimate-tokens.js';
import { splitTextForSize } from './split-text-for-size.js';

const SENTENCE = 'BIS controls the export and reexport of selected categories of items. ';

describe('splitTextForSize', () => {
  it('keeps text that fits whole', () => {
    expect(splitTextForSize(SENTENCE, 100)).toEqual([SENTENCE]);
  });

  it('cuts at sentence boundaries when sentences fit', () => {
    const text = SENTENCE.repeat(10);
    const pieces = splitTextForSize(text, 40);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(estimateTokens(piece)).toBeLessThanOrEqual(40);
      expect(piece.endsWith('. ')).toBe(true);
    }
  });

  it('cuts one long sentence between words', () => {
    const text = `${'word '.repeat(300)}end.`;
    const pieces = splitTextForSize(text, 50);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(estimateTokens(piece)).toBeLessThanOrEqual(50);
  });

  it('refuses a limit below one token', () => {
    for (const max of [0, 1.5, -3]) {
      let thrown: unknown = null;
      try {
        splitTextForSize('x', max);
      } catch (error) {
        thrown = error;
      }
      expect(isCairnError(thrown, 'invalid_option')).toBe(true);
    }
  });

  it('always concatenates back and respects the limit above one grapheme', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(SENTENCE, 'Iran. ', '(1) ', '😀', '中文', '\n\n', ' '),
            fc.string({ unit: 'grapheme', maxLength: 20 }),
          ),
          {
            maxLength: 40,
          },
        ),
        fc.integer({ min: 1, max: 30 }),
        (parts, max) => {
          const text = parts.join('');
          const pieces = splitTextForSize(text, max);
          expect(pieces.join('')).toBe(text);
          for (const piece of pieces) {
            if (
              Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(piece))
                .length > 1
            ) {
              expect(estimateTokens(piece)).toBeLessThanOrEqual(max);
            }
          }
        },
      ),
    );
  });
});
