import fc from 'fast-check';
import { expect, test } from 'vitest';
import { proximityScores } from './proximity-rerank.js';
import type { RerankCandidate } from './rank-hits.js';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');
const cand = (
  text: string,
  score_norm: number,
  document_id = 1,
  heading_path: string[] = [],
): RerankCandidate => ({ text, score_norm, document_id, heading_path });

test('query words standing together outrank the same words spread apart', () => {
  const together = `${filler(20)} the borrow checker rejects it ${filler(20)}`;
  const apart = `borrow ${filler(20)} checker ${filler(20)} rejects`;
  const [near, far] = proximityScores(
    ['borrow', 'checker', 'rejects'],
    [cand(apart, 1), cand(together, 1)],
  ).reverse();
  expect(near).toBeGreaterThan(far!);
  expect(near).toBe(1);
});

test('words match by stem and ignore case: the query "borrowed checks" finds "Borrowing checks"', () => {
  const [score] = proximityScores(['borrowed', 'checks'], [cand('Borrowing checks', 0)]);
  // a lone candidate has every word, together and in order: window and phrase 1, engine and
  // context 0, so (1.2 + 0.9) / 3.5
  expect(score).toBe(0.6);
});

test('a candidate without query words keeps only its engine score and its section context', () => {
  // (0.8 + 0.4 * 1) / 3.5 and (1 + 0.4 * 1) / 3.5
  expect(proximityScores(['ownership'], [cand('nothing here', 0.8)])).toEqual([0.342857]);
  expect(proximityScores([], [cand('anything', 1)])).toEqual([0.4]);
});

test('words every candidate has weigh less than words only some have', () => {
  const candidates = [
    cand('rust ownership rules', 1),
    cand(`rust ${filler(30)} lifetimes`, 1),
    cand('rust lifetimes', 1),
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
      fc.array(
        fc.record({
          text,
          score_norm: fc.double({ min: 0, max: 1, noNaN: true }),
          document_id: fc.integer({ min: 1, max: 3 }),
          heading_path: fc.array(fc.constantFrom('Part 1', 'Part 2', '(a)', ''), { maxLength: 3 }),
        }),
        { maxLength: 8 },
      ),
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

test("the query's words in its order, within three words, outrank the same words reversed", () => {
  const query = ['borrow', 'checker'];
  // both hold both words within one window: only the phrase tells them apart
  const [inOrder, gapOfTwo, reversed, gapOfFour] = proximityScores(query, [
    cand(`${filler(5)} borrow checker ${filler(5)}`, 1),
    cand(`${filler(5)} borrow the strict checker ${filler(3)}`, 1),
    cand(`${filler(5)} checker borrow ${filler(5)}`, 1),
    cand(`${filler(5)} borrow a b c checker ${filler(1)}`, 1),
  ]);
  expect(inOrder).toBe(gapOfTwo);
  expect(inOrder).toBeGreaterThan(reversed!);
  expect(reversed).toBe(gapOfFour);
});

test("a chunk among its document's other matches outranks the same chunk alone in its document", () => {
  const text = `${filler(3)} ownership ${filler(3)}`;
  const [alone, accompanied] = proximityScores(
    ['ownership'],
    [cand(text, 0.9, 1), cand(text, 0.9, 2), cand(`ownership ${filler(9)}`, 0.8, 2)],
  );
  expect(accompanied).toBeGreaterThan(alone!);
});

test('section context sums only the best three candidates of a part', () => {
  const texts = (n: number, doc: number) =>
    Array.from({ length: n }, () => cand(`ownership ${filler(4)}`, 0.5, doc));
  // document 1: three at 0.5 (sum 1.5); document 2: one at 0.5 and nine at 0.1 (sum 0.7 of three)
  const scores = proximityScores(
    ['ownership'],
    [
      ...texts(3, 1),
      cand(`ownership ${filler(4)}`, 0.5, 2),
      ...Array.from({ length: 9 }, () => cand(`${filler(5)} ownership`, 0.1, 2)),
    ],
  );
  expect(scores[0]).toBeGreaterThan(scores[3]!);
});

test('section context groups chunks by document and every heading but the innermost', () => {
  const text = `${filler(3)} ownership ${filler(3)}`;
  const other = `ownership ${filler(9)}`;
  const path = (...headings: string[]) => ['Chapter 4', ...headings];
  // another document with two matches: the context the chunk's own part is measured against
  const rival = [cand(text, 0.9, 2), cand(other, 0.8, 2)];
  const contextOf = (neighbour: RerankCandidate) =>
    proximityScores(
      ['ownership'],
      [cand(text, 0.9, 1, path('Rules', '(a)')), neighbour, ...rival],
    )[0];
  const besideItsOwn = contextOf(cand(other, 0.8, 1, path('Rules', '(a)')));
  const besideSibling = contextOf(cand(other, 0.8, 1, path('Rules', '(b)')));
  const besideOtherPart = contextOf(cand(other, 0.8, 1, path('Moves', '(a)')));
  const inOtherDocument = contextOf(cand(other, 0.8, 3, path('Rules', '(b)')));
  expect(besideItsOwn).toBe(besideSibling);
  expect(besideSibling).toBeGreaterThan(besideOtherPart!);
  expect(inOtherDocument).toBe(besideOtherPart);
  // a document without headings is one part
  const [headingless] = proximityScores(
    ['ownership'],
    [cand(text, 0.9, 1), cand(other, 0.8, 1), ...rival],
  );
  expect(headingless).toBe(besideSibling);
});
