import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  proximityScores,
  RERANK_WEIGHTS,
  type RerankSignals,
  rerankSignals,
  weightedSignals,
} from './proximity-rerank.js';
import type { RerankCandidate } from './rank-hits.js';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');

/** Candidates far apart in their documents unless a test places them: no one is another's neighbour by accident. */
let nextSeq = 0;
const cand = (
  text: string,
  score_norm: number,
  document_id = 1,
  heading_path: string[] = [],
): RerankCandidate => {
  nextSeq += 10;
  return { text, score_norm, document_id, heading_path, seq: nextSeq };
};

/** The reranker asked with `terms` as the query's words and, unless given, their text. */
const scoresOf = (
  terms: readonly string[],
  candidates: readonly RerankCandidate[],
  text = terms.join(' '),
) => proximityScores({ text, terms }, candidates);

/** The shipped weights, so that retuning them breaks no test; a signal's whole weight moves a score by its weight over their sum. */
const W = RERANK_WEIGHTS;
const SUM = Object.values(W).reduce((a, b) => a + b, 0);
/** A score as weightedSignals rounds it. */
const rounded = (score: number) => Math.round(score * 1e6) / 1e6;

test('query words standing together outrank the same words spread apart', () => {
  const together = `${filler(20)} the borrow checker rejects it ${filler(20)}`;
  const apart = `borrow ${filler(20)} checker ${filler(20)} rejects`;
  const [near, far] = scoresOf(
    ['borrow', 'checker', 'rejects'],
    [cand(apart, 1), cand(together, 1)],
  ).reverse();
  expect(near).toBeGreaterThan(far!);
  // engine, phrase, context and both windows whole; no cue, neighbour or capitals
  expect(near).toBe(
    rounded((W.engine + W.phrase + W.context + W.prefix_window + W.exact_window) / SUM),
  );
});

test('words match by stem and ignore case: the query "borrowed checks" finds "Borrowing checks"', () => {
  const [score] = scoresOf(['borrowed', 'checks'], [cand('Borrowing checks', 0)]);
  // a lone candidate: phrase and prefix window whole, the exact window holds only "checks"
  // (of two words weighing alike), engine and context 0
  expect(score).toBe(rounded((W.phrase + W.prefix_window + W.exact_window * 0.5) / SUM));
});

test('a candidate without query words keeps only its engine score and its section context', () => {
  expect(scoresOf(['ownership'], [cand('nothing here', 0.8)])).toEqual([
    rounded((W.engine * 0.8 + W.context) / SUM),
  ]);
  expect(scoresOf([], [cand('anything', 1)])).toEqual([rounded((W.engine + W.context) / SUM)]);
});

test('words every candidate has weigh less than words only some have', () => {
  const candidates = [
    cand('rust ownership rules', 1),
    cand(`rust ${filler(30)} lifetimes`, 1),
    cand('rust lifetimes', 1),
  ];
  const [a, b, c] = scoresOf(['rust', 'lifetimes'], candidates);
  expect(c).toBeGreaterThan(b!);
  expect(b).toBeGreaterThan(a!);
});

const word = fc.constantFrom(
  'café',
  'Ωmega',
  '𝒳',
  'e\u0301',
  '👩‍👩‍👧',
  'run',
  'runs',
  'Running',
  'x',
  '42',
  '1999',
  'May',
  'who',
  'where',
  'in',
  '.',
  '\n',
  '',
);
const text = fc.array(word, { maxLength: 40 }).map((w) => w.join(' '));
const pool = fc
  .array(
    fc.record({
      text,
      score_norm: fc.double({ min: 0, max: 1, noNaN: true }),
      document_id: fc.integer({ min: 1, max: 3 }),
      heading_path: fc.array(fc.constantFrom('Part 1', 'Part 2', '(a)', ''), { maxLength: 3 }),
    }),
    { maxLength: 8 },
  )
  // one chunk per place in a document, as a store holds them
  .map((candidates) => candidates.map((c, seq) => ({ ...c, seq })));

test('property: scores are in [0, 1], one per candidate, the same on every call whatever was asked between', () => {
  fc.assert(
    fc.property(fc.array(word, { maxLength: 6 }), text, pool, (terms, query, candidates) => {
      const scores = scoresOf(terms, candidates, query);
      expect(scores).toHaveLength(candidates.length);
      for (const s of scores) {
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }
      // another query between the two calls leaves nothing behind
      scoresOf([...terms.slice(1), 'runner'], candidates, query);
      expect(scoresOf(terms, candidates, query)).toEqual(scores);
    }),
  );
});

test('property: each of the eight signals is in [0, 1], and weighting one alone scores a candidate by that signal', () => {
  const names = Object.keys(RERANK_WEIGHTS) as (keyof RerankSignals)[];
  fc.assert(
    fc.property(fc.array(word, { maxLength: 6 }), text, pool, (terms, query, candidates) => {
      const signals = rerankSignals({ text: query, terms }, candidates);
      expect(signals).toHaveLength(candidates.length);
      for (const one of signals) {
        for (const name of names) {
          expect(one[name]).toBeGreaterThanOrEqual(0);
          expect(one[name]).toBeLessThanOrEqual(1);
          const alone = Object.fromEntries(names.map((n) => [n, n === name ? 2 : 0]));
          expect(weightedSignals(one, alone as RerankSignals)).toBe(
            Math.round(one[name] * 1e6) / 1e6,
          );
        }
      }
    }),
  );
});

test('property: a candidate scores the same wherever the engine placed it in the pool', () => {
  fc.assert(
    fc.property(
      fc.array(word, { maxLength: 6 }),
      text,
      pool.chain((candidates) =>
        fc.tuple(
          fc.constant(candidates),
          fc.shuffledSubarray(candidates, {
            minLength: candidates.length,
            maxLength: candidates.length,
          }),
        ),
      ),
      (terms, query, [candidates, shuffled]) => {
        const scores = scoresOf(terms, candidates, query);
        const again = scoresOf(terms, shuffled, query);
        shuffled.forEach((c, i) => {
          expect(again[i]).toBe(scores[candidates.indexOf(c)]);
        });
      },
    ),
  );
});

test("the query's words in its order, within three words, outrank the same words reversed", () => {
  const query = ['borrow', 'checker'];
  // both hold both words within one window: only the phrase tells them apart
  const [inOrder, gapOfTwo, reversed, gapOfFour] = scoresOf(query, [
    cand(`${filler(5)} borrow checker ${filler(5)}`, 1),
    cand(`${filler(5)} borrow the strict checker ${filler(3)}`, 1),
    cand(`${filler(5)} checker borrow ${filler(5)}`, 1),
    cand(`${filler(5)} borrow a b c checker ${filler(1)}`, 1),
  ]);
  expect(inOrder).toBe(gapOfTwo);
  expect(inOrder).toBeGreaterThan(reversed!);
  expect(reversed).toBe(gapOfFour);
});

test('the loose window spans 24 words: words 19 apart count there, 31 apart nowhere', () => {
  const [within, beyond] = scoresOf(
    ['ownership', 'scope'],
    [cand(`ownership ${filler(18)} scope`, 1), cand(`ownership ${filler(30)} scope`, 1)],
  );
  // no phrase and no 12-word window in either: the loose window alone tells them apart,
  // by its weight times the half of the query's weight only the first has together
  expect(within! - beyond!).toBeCloseTo((W.prefix_window * 0.5) / SUM, 5);
});

test('the loose window matches words whose stems start alike: "economic" for "economy", "politics" for "politician"', () => {
  const query = ['economy', 'politician'];
  const [loose, unrelated] = scoresOf(query, [
    cand(`${filler(3)} economic politics ${filler(3)}`, 1),
    cand(`${filler(3)} ecology police ${filler(3)}`, 1),
  ]);
  // neither holds a query stem: only the loose window sees the first ("ecologi" and "polic"
  // start no query stem, nor does one start them)
  expect(loose! - unrelated!).toBeCloseTo(W.prefix_window / SUM, 5);
  // stems of three units are no prefixes: "art" does not reach "artery"
  const [short, none] = scoresOf(['art'], [cand('artery', 1), cand('vein', 1)]);
  expect(short).toBe(none);
});

test('the exact window counts words only as the query writes them: "rights" is not "right"', () => {
  const [exact, stemOnly] = scoresOf(
    ['human', 'rights'],
    [
      cand(`${filler(3)} human rights ${filler(3)}`, 1),
      cand(`${filler(3)} human right ${filler(3)}`, 1),
    ],
  );
  // "rights" and "right" share a stem: every other signal sees them alike
  expect(exact! - stemOnly!).toBeCloseTo((W.exact_window * 0.5) / SUM, 5);
  // a case difference is no difference there
  const [upper, lower] = scoresOf(
    ['human', 'rights'],
    [cand('Human Rights', 1), cand('human rights', 1)],
  );
  expect(upper).toBe(lower);
});

test("a who question's best window with a name beside it gains the cue; a sentence's capitalised opener is no name", () => {
  const query = 'Who founded the company?';
  const terms = ['founded', 'company'];
  const [named, unnamed, opener] = scoresOf(
    terms,
    [
      cand(`${filler(3)} the company was founded by Jane Doe`, 1),
      cand(`${filler(3)} the company was founded by a lawyer`, 1),
      cand(`${filler(3)} the company was founded. Later it grew`, 1),
    ],
    query,
  );
  expect(named! - unnamed!).toBeCloseTo(W.cue / SUM, 5);
  expect(opener).toBe(unnamed);
  // a question that asks for no form has no cue
  const [plain, plainUnnamed] = scoresOf(
    terms,
    [
      cand(`${filler(3)} the company was founded by Jane Doe`, 1),
      cand(`${filler(3)} the company was founded by a lawyer`, 1),
    ],
    'Why was the company founded?',
  );
  expect(plain).toBe(plainUnnamed);
});

test('the cue of when, where and how-many questions: a year or month, a place after a preposition, a number; within 8 words', () => {
  const cueOf = (query: string, terms: string[], withCue: string, without: string) => {
    const [a, b] = scoresOf(terms, [cand(withCue, 1), cand(without, 1)], query);
    return Math.round((a! - b!) * SUM * 1e4) / 1e4;
  };
  expect(
    cueOf(
      'When was the bridge built?',
      ['bridge', 'built'],
      'the bridge was built in 1932',
      'the bridge was built of steel',
    ),
  ).toBe(W.cue);
  expect(
    cueOf(
      'When was the bridge built?',
      ['bridge', 'built'],
      'the bridge was built in May',
      'the bridge was built in time',
    ),
  ).toBe(W.cue);
  expect(
    cueOf(
      'Where was the bridge built?',
      ['bridge', 'built'],
      'the bridge was built in Sydney',
      'the bridge was built by Bradfield',
    ),
  ).toBe(W.cue);
  expect(
    cueOf(
      'How many workers built the bridge?',
      ['workers', 'built', 'bridge'],
      'workers built the bridge 1400 strong',
      'workers built the bridge together',
    ),
  ).toBe(W.cue);
  // the query's own words are no answer: "Sydney" asked about is no cue, only its capitals count
  expect(
    cueOf(
      'Where in Sydney was the bridge built?',
      ['sydney', 'bridge', 'built'],
      'the bridge was built in Sydney',
      'the bridge was built in sydney',
    ),
  ).toBe(W.capitals);
  // eight words past the window's last match reach; nine do not
  expect(
    cueOf(
      'When was the bridge built?',
      ['bridge', 'built'],
      `bridge built ${filler(7)} 1932`,
      `bridge built ${filler(8)} 1932`,
    ),
  ).toBe(W.cue);
});

test("a chunk whose neighbour in its document holds the query's words together gains from it", () => {
  const terms = ['borrow', 'checker'];
  const answer = {
    text: `${filler(3)} borrow checker`,
    score_norm: 0.5,
    document_id: 1,
    heading_path: [],
  };
  const lead = {
    text: `${filler(3)} borrow ${filler(3)}`,
    score_norm: 1,
    document_id: 1,
    heading_path: [],
  };
  const scoreWith = (neighbour: Partial<RerankCandidate>) =>
    scoresOf(terms, [
      { ...lead, seq: 4 },
      { ...answer, seq: 9, ...neighbour },
    ])[0]!;
  const before = scoreWith({ seq: 3 });
  const after = scoreWith({ seq: 5 });
  const apart = scoreWith({ seq: 6 });
  const elsewhere = scoreWith({ seq: 5, document_id: 2 });
  // the neighbour's window holds all the query's weight
  expect(before - apart).toBeCloseTo(W.neighbour / SUM, 5);
  expect(after).toBe(before);
  // another document's chunk at the next place, or a chunk two places on, is no neighbour;
  // the other document changes the context alone, which the chunk tops either way
  expect(elsewhere).toBe(apart);
});

test('capitalised query words past the first, found case-exact, gain: Apple the company, not the fruit', () => {
  const [company, fruit] = scoresOf(
    ['apple', 'release'],
    [cand(`${filler(3)} Apple release notes`, 1), cand(`${filler(3)} apple release notes`, 1)],
    'What did Apple release?',
  );
  expect(company! - fruit!).toBeCloseTo(W.capitals / SUM, 5);
  // a question's first word is capitalised whatever it is
  const [first, firstLower] = scoresOf(
    ['apple', 'release'],
    [cand('Apple release', 1), cand('apple release', 1)],
    'Apple release date?',
  );
  expect(first).toBe(firstLower);
});

test("a chunk among its document's other matches outranks the same chunk alone in its document", () => {
  const text = `${filler(3)} ownership ${filler(3)}`;
  const [alone, accompanied] = scoresOf(
    ['ownership'],
    [cand(text, 0.9, 1), cand(text, 0.9, 2), cand(`ownership ${filler(9)}`, 0.8, 2)],
  );
  expect(accompanied).toBeGreaterThan(alone!);
});

test('section context sums only the best three candidates of a part', () => {
  const texts = (n: number, doc: number) =>
    Array.from({ length: n }, () => cand(`ownership ${filler(4)}`, 0.5, doc));
  // document 1: three at 0.5 (sum 1.5); document 2: one at 0.5 and nine at 0.1 (sum 0.7 of three)
  const scores = scoresOf(
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
    scoresOf(['ownership'], [cand(text, 0.9, 1, path('Rules', '(a)')), neighbour, ...rival])[0];
  const besideItsOwn = contextOf(cand(other, 0.8, 1, path('Rules', '(a)')));
  const besideSibling = contextOf(cand(other, 0.8, 1, path('Rules', '(b)')));
  const besideOtherPart = contextOf(cand(other, 0.8, 1, path('Moves', '(a)')));
  const inOtherDocument = contextOf(cand(other, 0.8, 3, path('Rules', '(b)')));
  expect(besideItsOwn).toBe(besideSibling);
  expect(besideSibling).toBeGreaterThan(besideOtherPart!);
  expect(inOtherDocument).toBe(besideOtherPart);
  // a document without headings is one part
  const [headingless] = scoresOf(
    ['ownership'],
    [cand(text, 0.9, 1), cand(other, 0.8, 1), ...rival],
  );
  expect(headingless).toBe(besideSibling);
});
