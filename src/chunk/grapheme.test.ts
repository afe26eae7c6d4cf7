import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nastyText } from '../../test/support/arbitraries.js';
import { Graphemes } from './grapheme.js';

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** UTF-16 boundaries from segmenting the whole text: the reference. */
function boundaries(text: string): Set<number> {
  const set = new Set([0, text.length]);
  for (const { index } of SEGMENTER.segment(text)) set.add(index);
  return set;
}

function checkAll(text: string): void {
  const truth = boundaries(text);
  const graphemes = new Graphemes(text);
  for (let i = 0; i <= text.length; i++) {
    expect(graphemes.isBoundary(i), `isBoundary(${i})`).toBe(truth.has(i));
    const floor = graphemes.floor(i);
    const ceil = graphemes.ceil(i);
    expect(truth.has(floor) && floor <= i).toBe(true);
    expect(truth.has(ceil) && ceil >= i).toBe(true);
    // plain loops: an expect() per position is millions of calls inside a 3000-mark cluster
    for (let j = floor + 1; j < i; j++) {
      if (truth.has(j)) throw new Error(`floor(${i}) = ${floor} skips the boundary ${j}`);
    }
    for (let j = i + 1; j < ceil; j++) {
      if (truth.has(j)) throw new Error(`ceil(${i}) = ${ceil} skips the boundary ${j}`);
    }
  }
}

describe('grapheme boundaries at single positions', () => {
  it('agree with segmenting the whole text', () => {
    fc.assert(fc.property(nastyText(60), (text) => checkAll(text)));
  });

  it('handle clusters longer than any window: a letter with 3000 marks, flags, ZWJ families', () => {
    checkAll(`x${'a\u0301'.repeat(5)}${'e'}${'\u0301'.repeat(3000)}y`);
    checkAll('🇫🇷🇩🇪🇯🇵'.repeat(50));
    checkAll(`${'👩‍👩‍👧'.repeat(40)} \r\n\r\n क्ष`);
  });

  it('answer in any order around long clusters and runs they remember', () => {
    const piece = fc.constantFrom(
      'a',
      ' ',
      '\r\n',
      '\u0301',
      '\u0301'.repeat(70),
      '\u200d'.repeat(80),
      '🇫',
      '🇫🇷'.repeat(40),
      '\u0903',
      '\u0915\u094d'.repeat(40),
      '\u0301\u0903'.repeat(40),
      '👩‍'.repeat(30),
      '\u{e0020}'.repeat(40),
      '\u0600',
      '\ud800',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat()),
        (parts, asks) => {
          const text = parts.join('');
          const truth = boundaries(text);
          const graphemes = new Graphemes(text);
          for (const ask of asks) {
            const i = ask % (text.length + 1);
            expect(graphemes.isBoundary(i), `isBoundary(${i})`).toBe(truth.has(i));
            const floor = graphemes.floor(i);
            const ceil = graphemes.ceil(i);
            expect(truth.has(floor) && floor <= i, `floor(${i}) = ${floor}`).toBe(true);
            expect(truth.has(ceil) && ceil >= i, `ceil(${i}) = ${ceil}`).toBe(true);
            for (let j = floor + 1; j < ceil; j++) {
              if (j !== i && truth.has(j))
                throw new Error(`${floor}..${ceil} around ${i} skips ${j}`);
            }
          }
          checkAll(text);
        },
      ),
    );
  });

  it('settle General Punctuation next to every kind of neighbour', () => {
    const neighbours = [
      'a',
      '\u0301',
      '\u200d',
      '\u200c',
      '\r',
      '\n',
      '😀',
      '🇫',
      'क्',
      '\ufe0f',
      '\u1100',
      ' ',
    ];
    for (let unit = 0x2010; unit <= 0x2027; unit++) {
      const mark = String.fromCharCode(unit);
      for (const before of neighbours) {
        for (const after of neighbours) checkAll(`${before}${mark}${after}${mark}${mark}`);
      }
    }
  });
});
