import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bestWindow, type Match, phraseShare, poolIdf } from './word-windows.js';

test('the best window is the first of the heaviest, spanning its first to its last match', () => {
  const matches: Match[] = [
    { at: 0, stem: 0 },
    { at: 3, stem: 1 },
    { at: 20, stem: 0 },
    { at: 22, stem: 1 },
    { at: 23, stem: 1 },
  ];
  expect(bestWindow(matches, [1, 2], 12)).toEqual({ weight: 3, from: 0, to: 3 });
  // a window of 3 words holds positions 20 to 22, not 0 and 3
  expect(bestWindow(matches, [1, 2], 3)).toEqual({ weight: 3, from: 20, to: 22 });
  expect(bestWindow([], [1, 2], 12)).toEqual({ weight: 0, from: -1, to: -1 });
});

test('property: a window weighs each query stem once, at most all of them, and holds its span', () => {
  const matches = fc
    .array(fc.record({ at: fc.integer({ min: 0, max: 60 }), stem: fc.integer({ min: 0, max: 3 }) }))
    .map((list) => list.sort((a, b) => a.at - b.at));
  const weights = fc.array(fc.double({ min: 0.01, max: 5, noNaN: true }), {
    minLength: 4,
    maxLength: 4,
  });
  fc.assert(
    fc.property(matches, weights, fc.integer({ min: 1, max: 30 }), (list, w, size) => {
      const span = bestWindow(list, w, size);
      const present = new Set(list.map((m) => m.stem));
      const all = [...present].reduce((s, stem) => s + w[stem]!, 0);
      expect(span.weight).toBeLessThanOrEqual(all + 1e-9);
      if (list.length === 0) return;
      expect(span.weight).toBeGreaterThanOrEqual(Math.max(...list.map((m) => w[m.stem]!)) - 1e-9);
      expect(span.to - span.from).toBeLessThan(size);
      const inside = new Set(
        list.filter((m) => m.at >= span.from && m.at <= span.to).map((m) => m.stem),
      );
      expect([...inside].reduce((s, stem) => s + w[stem]!, 0)).toBeCloseTo(span.weight, 9);
    }),
  );
});

test('pool idf: a stem every candidate holds weighs least, one none holds most', () => {
  const [common, rare, absent] = poolIdf(3, [
    [
      { at: 0, stem: 0 },
      { at: 1, stem: 1 },
    ],
    [{ at: 0, stem: 0 }],
    [{ at: 0, stem: 0 }],
  ]);
  expect(common).toBeLessThan(rare!);
  expect(rare).toBeLessThan(absent!);
});

test('a phrase pair counts once, in query order, within the gap', () => {
  const pair = (a: number, b: number): Match[] => [
    { at: a, stem: 0 },
    { at: b, stem: 1 },
  ];
  expect(phraseShare(pair(4, 5), [1, 1], 3)).toBe(1);
  expect(phraseShare(pair(4, 7), [1, 1], 3)).toBe(1);
  expect(phraseShare(pair(4, 8), [1, 1], 3)).toBe(0);
  expect(
    phraseShare(
      [
        { at: 5, stem: 1 },
        { at: 6, stem: 0 },
      ],
      [1, 1],
      3,
    ),
  ).toBe(0);
  expect(phraseShare(pair(4, 5), [1], 3)).toBe(0);
});
