import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gptTokenCounter } from './gpt-token-counter.js';
import { WORD_PIECES } from './hf-token-counter.js';
import { asciiSplitSource, pieceSplitter } from './piece-splitter.js';

/** The definition: the split pattern's own sticky matches, each from where the last ended. */
function unicodeEnds(text: string, pattern: RegExp): number[] {
  const sticky = new RegExp(pattern.source, 'uy');
  const ends: number[] = [];
  for (let offset = 0; offset < text.length; ) {
    sticky.lastIndex = offset;
    if (!sticky.test(text) || sticky.lastIndex <= offset) break;
    offset = sticky.lastIndex;
    ends.push(offset);
  }
  return ends;
}

function splitterEnds(text: string, pattern: RegExp): number[] {
  const split = pieceSplitter(text, pattern);
  const ends: number[] = [];
  for (let offset = 0; offset < text.length; ) {
    const next = split.end(offset);
    if (next < 0) break;
    ends.push(next);
    offset = next;
  }
  return ends;
}

const PATTERNS: [string, () => RegExp][] = [
  ['cl100k_base', () => gptTokenCounter('cl100k_base').splitPattern],
  ['o200k_base', () => gptTokenCounter('o200k_base').splitPattern],
  ['GPT-2 words', () => WORD_PIECES],
];

/**
 * Characters where the ASCII and Unicode forms part: letters and digits
 * outside ASCII beside ASCII ones, upper and lower case for o200k's case
 * runs, contractions, and the whitespace whose runs read ahead.
 */
const TRICKY = [
  'a',
  'B',
  'z',
  's',
  'T',
  '1',
  '9',
  "'",
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '.',
  '(',
  '/',
  '-',
  'é',
  'É',
  'ß',
  'Ǆ',
  'ʰ',
  '東',
  '١',
  'Ⅻ',
  '²',
  '\u0301',
  '\u00a0',
  '\u2028',
  '\u3000',
  '§',
  '—',
  '😀',
  '𝐀',
  '\ud800',
];

describe('PieceSplitter', () => {
  it('derives ASCII forms of the tokenizer split patterns, and none where a property has no known ASCII members', () => {
    expect(asciiSplitSource(/ ?\p{L}+|\p{N}{1,3}|[^\s\p{L}\p{N}]+/gu)).toBe(
      ' ?[A-Za-z]+|[0-9]{1,3}|[^\\sA-Za-z0-9]+',
    );
    expect(asciiSplitSource(/[\p{Lo}]|\p{M}/u)).toBe('[]|[]');
    expect(asciiSplitSource(/\p{P}+/u)).toBeNull();
    expect(asciiSplitSource(/\P{L}+/u)).toBeNull();
    expect(asciiSplitSource(/\p{L}+/iu)).toBeNull();
  });

  for (const [name, pattern] of PATTERNS) {
    it(`cuts ${name} pieces exactly where the Unicode pattern does, across mixed scripts`, () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...TRICKY), { maxLength: 60 }), (parts) => {
          const text = parts.join('');
          expect(splitterEnds(text, pattern())).toEqual(unicodeEnds(text, pattern()));
        }),
      );
    });

    it(`cuts ${name} pieces exactly where the Unicode pattern does, over any string`, () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
          expect(splitterEnds(text, pattern())).toEqual(unicodeEnds(text, pattern()));
        }),
      );
    });
  }

  it('cuts the same pieces through a long run of another script and the English after it', () => {
    const german = 'Größenänderung der Straße über die Brücke; übermäßig schöne Äpfel für 3 Euro. ';
    const english = 'The quick brown fox jumps over the lazy dog in section 12(a)(1). ';
    const text = `${english.repeat(40)}${german.repeat(200)}${english.repeat(400)}\u2014`;
    for (const [, pattern] of PATTERNS) {
      expect(splitterEnds(text, pattern())).toEqual(unicodeEnds(text, pattern()));
    }
  });

  it('answers a splitter asked out of order as one asked in order', () => {
    const text = 'Ab é12 東京 done\n  x';
    const pattern = PATTERNS[0]![1]();
    const split = pieceSplitter(text, pattern);
    const ends = unicodeEnds(text, pattern);
    const starts = [0, ...ends.slice(0, -1)];
    for (const i of [3, 0, 5, 1, 4, 2]) expect(split.end(starts[i]!)).toBe(ends[i]);
  });
});
