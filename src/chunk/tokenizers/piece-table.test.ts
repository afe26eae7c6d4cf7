import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cl100kCount } from '../../../test/chunk/assert-chunks.js';
import { chunkText } from '../../../test/chunk/chunk-arbitraries.js';
import { Graphemes } from '../grapheme.js';
import { gptTokenCounter } from './gpt-token-counter.js';
import { PieceTable } from './piece-table.js';

const counter = gptTokenCounter('cl100k_base');

describe('piece table', () => {
  it('counts exactly like the tokenizer, special-token strings as text', () => {
    for (const text of ['', 'hello <|endoftext|> world', 'a   5', 'end.\n\nNext', '  \n  x  ']) {
      expect(counter.count(text)).toBe(cl100kCount(text));
    }
  });

  it('gives the exact count of any range, cut anywhere, from one pass', () => {
    fc.assert(
      fc.property(
        chunkText,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 16, max: 64 }),
        (text, cuts, budget) => {
          const table = PieceTable.scan(new Graphemes(text), 0, text.length, {
            counter,
            maxPieceTokens: budget,
            windowUnits: 8,
          });
          // never cut a surrogate pair: the chunkers never do
          const low = (i: number) =>
            i > 0 && /[\udc00-\udfff]/.test(text[i]!) && /[\ud800-\udbff]/.test(text[i - 1]!);
          const at = (n: number) => {
            const i = n % (text.length + 1);
            return low(i) ? i - 1 : i;
          };
          // ranges sharing a start or an end, as a packer asks for them: the table remembers
          // where a range's split met its own, and must answer each as if asked first
          for (const [x, y, z] of cuts) {
            const [a, b, c] = [at(x), at(y), at(z)].sort((p, q) => p - q) as [
              number,
              number,
              number,
            ];
            for (const [s, e] of [
              [a, b],
              [a, c],
              [b, c],
              [a, b],
            ] as const)
              expect(table.count(s, e)).toBe(cl100kCount(text.slice(s, e)));
          }
        },
      ),
    );
  });

  it('counts a range ending where a run of spaces meets a word as the range alone reads', () => {
    // split past the range, the run's last space goes with the word; the range's own split keeps it
    const text = `${' '.repeat(26)}the the `;
    const table = PieceTable.scan(new Graphemes(text), 0, text.length, {
      counter,
      maxPieceTokens: 16,
      windowUnits: 8,
    });
    for (let a = 0; a < text.length; a++) {
      for (let b = text.length; b > a; b--) {
        expect(table.count(a, b), `${a}..${b}`).toBe(cl100kCount(text.slice(a, b)));
      }
    }
  });

  it('counts ranges from one start inside a piece as each alone reads, longest first or last', () => {
    // a start inside a piece re-splits until it meets the table; that meeting point is remembered
    // for longer ranges only where no shorter one could split differently (o200k reads `'ll`
    // past a word, spaces run on to the next word)
    const text = ` x(you'll   (a)   we're\n\n  (b)'s ok.  end  (c) it'd `;
    for (const encoding of ['cl100k_base', 'o200k_base'] as const) {
      const own = gptTokenCounter(encoding);
      for (const order of ['down', 'up'] as const) {
        const table = PieceTable.scan(new Graphemes(text), 0, text.length, {
          counter: own,
          maxPieceTokens: 16,
          windowUnits: 8,
        });
        for (let a = 0; a < text.length; a++) {
          for (let k = 1; k <= text.length - a; k++) {
            const b = order === 'down' ? text.length - k + 1 : a + k;
            expect(table.count(a, b), `${encoding} ${a}..${b}`).toBe(own.count(text.slice(a, b)));
          }
        }
      }
    }
  });

  it('covers the text with pieces that end on grapheme boundaries', () => {
    const text = `${'e\u0301'.repeat(20)} 👩‍👩‍👧 ${'a'.repeat(1000)} x`;
    const graphemes = new Graphemes(text);
    const table = PieceTable.scan(graphemes, 0, text.length, {
      counter,
      maxPieceTokens: 16,
      windowUnits: 4,
    });
    expect(table.pieceEnd(table.length - 1)).toBe(text.length);
    for (let i = 0; i < table.length; i++)
      expect(graphemes.isBoundary(table.pieceEnd(i))).toBe(true);
  });
});
