import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineEnd, lines } from './text-lines.js';

/** The definition: the first terminator at or after `start16`, else `to16`. */
function firstBreak(text: string, start16: number, to16: number): number {
  for (let i = start16; i < to16; i++) {
    if ('\n\r\u2028\u2029'.includes(text[i]!)) return i;
  }
  return to16;
}

describe('text lines', () => {
  it('splits on CRLF, LF, lone CR, U+2028 and U+2029', () => {
    const text = 'a\r\nb\nc\rd\u2028e\u2029f';
    expect([...lines(text)].map((l) => text.slice(l.start16, l.end16))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
  });

  it('ends a line at the range end when the range stops inside it', () => {
    expect(lineEnd('abcdef\nx', 1, 4)).toBe(4);
    expect(lineEnd('abc', 0, 3)).toBe(3);
  });

  it('finds the first terminator of any range of any text', () => {
    const unit = fc.constantFrom('a', ' ', '\n', '\r', '\u2028', '\u2029', 'é', '\ud83d', '\ude00');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), fc.nat(), fc.nat(), (units, a, b) => {
        const text = units.join('');
        const start16 = text.length === 0 ? 0 : a % (text.length + 1);
        const to16 = start16 + (b % (text.length - start16 + 1));
        expect(lineEnd(text, start16, to16)).toBe(firstBreak(text, start16, to16));
      }),
    );
  });
});
