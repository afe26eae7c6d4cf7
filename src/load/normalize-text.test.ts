import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinHyphenated, normalizeText } from './normalize-text.js';

describe('normalizeText', () => {
  it('forgives composition and whitespace differences', () => {
    expect(normalizeText('Cafe\u0301  au\r\nlait\t ')).toBe(normalizeText('Café au lait'));
  });

  it('joins words hyphenated across a line break, but not real hyphens', () => {
    expect(normalizeText('regu-\nlation and multi-agent')).toBe('regulation and multi-agent');
    expect(normalizeText('Anglo-\nSaxon')).toBe('Anglo- Saxon');
  });

  it('joins hyphenated words exactly as the one regular expression does', () => {
    // letters and lower-case letters in and out of the BMP, lone surrogate halves, the blanks
    const pieces = [
      'a',
      'B',
      'é',
      '\u{1D49C}',
      '\u{1D4B6}',
      '\ud835',
      '\udcb6',
      '-',
      ' ',
      '\t',
      '\r',
      '\n',
      '1',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (units) => {
        const text = units.join('');
        expect(joinHyphenated(text)).toBe(
          text.replace(/(\p{L})-[ \t]*\r?\n[ \t]*(\p{Ll})/gu, '$1$2'),
        );
      }),
    );
    expect(joinHyphenated('x-\ny-\nz')).toBe('xy-\nz');
  });

  it('drops running headers and footers of paged text', () => {
    const page = (n: number, body: string): string => `ACME Manual\n${body}\nPage ${n} of 9`;
    const paged = [page(1, 'Alpha text.'), page(2, 'Beta text.'), page(3, 'Gamma text.')].join(
      '\f',
    );
    expect(normalizeText(paged)).toBe('Alpha text. Beta text. Gamma text.');
  });

  it('keeps lines that repeat on fewer than half of the pages', () => {
    const paged = ['Intro\nA', 'B', 'C', 'D', 'Intro\nE'].join('\f');
    expect(normalizeText(paged)).toContain('Intro');
  });
});
