import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fingerprintChunk } from '../ids/chunk-fingerprint.js';
import { carriesContent, measureIdPair } from './id-pair-metrics.js';

const chunk = (text: string) => ({ text, fp: fingerprintChunk(text) });
const texts = fc.array(fc.lorem({ maxCount: 12 }), { maxLength: 12 });

describe('measureIdPair', () => {
  test('an unchanged version under unchanged IDs: all kept, all resolve faithfully, none changed', () => {
    fc.assert(
      fc.property(texts, (words) => {
        const chunks = words.map(chunk);
        const ids = words.map((_, k) => `d#${k}`);
        const m = measureIdPair({ chunks, ids }, { chunks, ids }, []);
        expect(m.kept).toBe(words.length === 0 ? null : 1);
        expect(m.resolves).toBe(words.length === 0 ? null : 1);
        expect(m.faithful).toBe(words.length === 0 ? null : 1);
        expect(m.changed).toBe(0);
        expect(m.lost).toEqual([]);
      }),
    );
  });

  test('an unchanged version under all-new IDs: none kept, none resolve, every chunk changed', () => {
    fc.assert(
      fc.property(
        texts.filter((w) => w.length > 0),
        (words) => {
          const chunks = words.map(chunk);
          const m = measureIdPair(
            { chunks, ids: words.map((_, k) => `old#${k}`) },
            { chunks, ids: words.map((_, k) => `new#${k}`) },
            [],
          );
          expect(m).toMatchObject({ kept: 0, resolves: 0, faithful: 0, changed: words.length });
        },
      ),
    );
  });

  test('a redirect resolves; it is faithful only to a chunk holding the old content', () => {
    const a = chunk('ownership rules keep memory safe without a garbage collector');
    const b = chunk('a slice is a reference to a contiguous run of elements');
    // "a" was deleted: its ID redirects to the survivor "b"
    const deleted = measureIdPair(
      { chunks: [a, b], ids: ['A', 'B'] },
      { chunks: [b], ids: ['B'] },
      [{ from: 'A', to: 'B' }],
    );
    expect(deleted).toMatchObject({ resolves: 1, faithful: 0.5, changed: 0 });
    // a position ID that now names other text is live, not faithful, and changed
    const shifted = measureIdPair(
      { chunks: [a, b], ids: ['d#0', 'd#1'] },
      { chunks: [b], ids: ['d#0'] },
      [],
    );
    expect(shifted).toMatchObject({ kept: 0, resolves: 0.5, faithful: 0, changed: 1 });
  });

  test('repeated text counts min(before, after) times', () => {
    const x = chunk('the same paragraph twice');
    const m = measureIdPair(
      { chunks: [x, x, x], ids: ['1', '2', '3'] },
      { chunks: [x], ids: ['2'] },
      [],
    );
    expect(m.kept).toBe(1);
    expect(m.resolves).toBeCloseTo(1 / 3);
  });

  test('carriesContent: equal text, or half the words of either side in the other', () => {
    const old = chunk('one two three four five six seven eight');
    expect(carriesContent(old, chunk('one two three four five six seven eight'))).toBe(true);
    expect(carriesContent(old, chunk('one two three four and more besides'))).toBe(true);
    expect(carriesContent(old, chunk('nine ten eleven twelve'))).toBe(false);
  });
});
