import fc from 'fast-check';
import { expect, test } from 'vitest';
import { proximityScores } from './proximity-rerank.js';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');

test('query words standing together outrank the same words spread apart', () => {
  const together = `${filler(20)} the borrow checker rejects it ${filler(20)}`;
  const apart = `borrow ${filler(20)} checker ${filler(20)} rejects`;
  const [near, far] = proximityScores(
    ['borrow', 'checker', 'rejects'],
    [
      { text: apart, score_norm: 1 },
      { text: together, score_norm: 1 },
    ],
  ).reverse();
  expect(near).toBeGreaterThan(far!);
  expect(near).toBe(1);
});

test('words match by stem and ignore case: the query "borrowed checks" finds "Borrowing checks"', () => {
  const [score] = proximityScores(
    ['borrowed', 'checks'],
    [{ text: 'Borrowing checks', score_norm: 0 }],
  );
  // a lone candidate has every word, so each word's pool idf is equal: both found, proximity 1
  expect(score).toBe(0.5);
});

test('a candidate without query words keeps half its engine score', () => {
  expect(proximityScores(['ownership'], [{ text: 'nothing here', score_norm: 0.8 }])).toEqual([
    0.4,
  ]);
  expect(proximityScores([], [{ text: 'anything', score_norm: 1 }])).toEqual([0.5]);
});

test('words every candidate has weigh less than words only some have', () => {
  const candidates = [
    { text: 'rust ownership rules', score_norm: 1 },
    { text: `rust ${filler(30)} lifetimes`, score_norm: 1 },
    { text: 'rust lifetimes', score_norm: 1 },
  ];
  const [a, b, c] = proximityScores(['rust', 'lifetimes'], candidates);
  expect(c).toBeGreaterThan(b!);
  expect(b).toBeGreaterThan(a!);
});

test('property: scores are in [0, 1], one per candidate, the same on every call', () => {
  const word = fc.constantFrom(
    'café',
    'Ωmega',
    '𝒳',
    'e\u0301',
    '👩‍👩‍👧',
    'run',
    'runs',
    'x',
    '42',
    '',
  );
  const text = fc.array(word, { maxLength: 40 }).map((w) => w.join(' '));
  fc.assert(
    fc.property(
      fc.array(word, { maxLength: 6 }),
      fc.array(fc.record({ text, score_norm: fc.double({ min: 0, max: 1, noNaN: true }) }), {
        maxLength: 8,
      }),
      (terms, candidates) => {
        const scores = proximityScores(terms, candidates);
        expect(scores).toHaveLength(candidates.length);
        for (const s of scores) {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
        }
        expect(proximityScores(terms, candidates)).toEqual(scores);
      },
    ),
  );
});
