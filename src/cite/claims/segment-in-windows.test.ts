import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentInWindows } from './segment-in-windows.js';

const words = new Intl.Segmenter('en', { granularity: 'word' });
const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });
const whole = (segmenter: Intl.Segmenter, text: string) =>
  [...segmenter.segment(text)].map((s) => [s.index, s.segment]);
const windowed = (segmenter: Intl.Segmenter, text: string) =>
  [...segmentInWindows(segmenter, text)].map((s) => [s.index, s.segment]);

const prose = fc
  .array(
    fc.constantFrom(
      'The rule',
      'applies.',
      'Each value has an owner',
      'here;',
      'U.S. persons',
      'may not',
      '\n\n',
      'export',
      'items?',
      '—',
      'Здравствуйте',
      '🦀',
      'café',
    ),
    { maxLength: 600 },
  )
  .map((parts) => parts.join(' '));

describe('segmentInWindows', () => {
  it('gives the same words as segmenting the whole text at once', () => {
    fc.assert(
      fc.property(prose, (text) => {
        expect(windowed(words, text)).toEqual(whole(words, text));
      }),
    );
  });

  it('gives the same sentences as segmenting the whole text at once', () => {
    fc.assert(
      fc.property(prose, (text) => {
        expect(windowed(sentences, text)).toEqual(whole(sentences, text));
      }),
    );
  });
});
