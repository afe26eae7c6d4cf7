import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ChunkRow } from '../../store/types.js';
import { ELISION, locateQuote } from '../quote/locate-quote.js';
import { ALL_NORMALIZATIONS, normalizeForMatch } from '../quote/normalize-for-match.js';
import { chunksHoldingQuote, indexDocumentWords } from './document-words.js';

const chunk = (text: string, i: number) => ({ chunk_id: `c${i}`, text }) as ChunkRow;
const folded = (text: string) =>
  normalizeForMatch(text, ALL_NORMALIZATIONS).text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
/** Whether `text` locates `quote` in a way that has inner words to look up (three words once folded). */
function locatedByWords(quote: string, text: string): boolean {
  const { status } = locateQuote(quote, text);
  if (status === 'exact' || status === 'normalized') return folded(quote.trim()).length >= 3;
  if (status !== 'elided') return false;
  const fragments = quote
    .trim()
    .split(ELISION)
    .filter((p) => p.trim() !== '');
  return fragments.every((f) => folded(f).length >= 3);
}

/** Words and separators whose folds differ: ligatures, accents both ways, ™ folding into letters, invisibles, astral letters. */
const WORDS = ['ab', 'abc', 'b', 'Ab', 'ﬁle', 'file', 'café', 'cafe\u0301', 'x™y', '3½', '𝐀b', 'ß'];
const SEPARATORS = [
  ' ',
  '  ',
  '\n',
  ', ',
  '. ',
  '\u00ad',
  '\u200b',
  '’',
  "'",
  '-',
  '–',
  '…',
  ' ... ',
];

const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), {
    minLength: 3,
    maxLength: 40,
  })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

/** A copy of a passage as a model makes one: case changed, quotes and spaces swapped, a middle elided. */
function copyOf(passage: string, kind: number, cut: [number, number]): string {
  if (kind === 1) return passage.toUpperCase();
  if (kind === 2) return passage.replace(/’/gu, "'").replace(/ /gu, '\n ').replace(/–/gu, '-');
  if (kind === 3) {
    // cut at spaces, so that the fragments are often words the text holds in full
    const spaces = [...passage.matchAll(/ /gu)].map((m) => m.index);
    if (spaces.length < 2) return passage;
    const [a, b] = cut.map((n) => spaces[n % spaces.length]!).sort((x, y) => x - y) as [
      number,
      number,
    ];
    return `${passage.slice(0, a)} ... ${passage.slice(b + 1)}`;
  }
  return passage;
}

describe('the document word index', () => {
  test('every chunk that locates a quote of inner words is among the chunks the index names', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat(), fc.nat()),
        (texts, which, from, length, [kind, a, b]) => {
          const source = texts[which % texts.length]!;
          const start = from % source.length;
          const quote = copyOf(source.slice(start, start + (length % 200)), kind, [a, b]);
          const index = indexDocumentWords(texts.map(chunk));
          const named = chunksHoldingQuote(index, quote);
          const holding = texts.flatMap((t, i) => (locatedByWords(quote, t) ? [i] : []));
          expect(named).toEqual(expect.arrayContaining(holding));
          expect(named).toEqual([...new Set(named)].sort((x, y) => x - y));
        },
      ),
    );
  });

  test('every chunk that locates an elided quote is among the chunks the index names', () => {
    const plain = fc
      .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', ', ', '\u00ad', '’', '-')), {
        minLength: 12,
        maxLength: 40,
      })
      .map((parts) => parts.map(([w, sep]) => w + sep));
    fc.assert(
      fc.property(
        fc.array(plain, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        (chunks, which, from, gap, upper) => {
          const parts = chunks[which % chunks.length]!;
          const at = from % (parts.length - 11);
          const copied = `${parts.slice(at, at + 5).join('')} ... ${parts
            .slice(at + 5 + (gap % (parts.length - at - 10)), parts.length)
            .slice(0, 5)
            .join('')}`;
          const quote = upper ? copied.toUpperCase() : copied;
          const texts = chunks.map((p) => p.join(''));
          const named = chunksHoldingQuote(indexDocumentWords(texts.map(chunk)), quote);
          const holding = texts.flatMap((t, i) => (locatedByWords(quote, t) ? [i] : []));
          expect(named).toEqual(expect.arrayContaining(holding));
        },
      ),
    );
  });

  test('a quote with a word the document lacks reads no positions; a present one reads its rarest word', () => {
    const index = indexDocumentWords(
      Array.from({ length: 50 }, (_, i) =>
        chunk(`Herons wade the marsh ${i} times while the tide turns.`, i),
      ),
    );
    expect(chunksHoldingQuote(index, 'herons wade the kingfisher marsh while')).toEqual([]);
    expect(index.positions_read).toBe(0);
    expect(chunksHoldingQuote(index, 'wade the marsh 17 times while')).toEqual([17]);
    expect(index.positions_read).toBe(1);
  });
});
