import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { ChunkRow, LexicalMatch } from '../store/types.js';
import { rankHits } from './rank-hits.js';

function match(chunkId: string, section: string | null, score: number): LexicalMatch {
  return {
    chunk: { chunk_id: chunkId, section_id: section } as ChunkRow,
    doc_uid: 'd',
    source_url: 'd.md',
    rev: 'r',
    score_raw: score,
  };
}

test('the best hit scores 1; equal raw scores tie and break by section, then chunk ID', () => {
  const ranked = rankHits([
    match('c', '2', 4),
    match('b', '2', 4),
    match('a', '10', 4),
    match('z', null, 2),
  ]);
  expect(ranked.map((r) => [r.match.chunk.chunk_id, r.score_norm, r.k_pos, r.k_final])).toEqual([
    ['a', 1, 3, 1],
    ['b', 1, 2, 2],
    ['c', 1, 1, 3],
    ['z', 0.5, 4, 4],
  ]);
});

test('property: score_norm in [0, 1], k_final a permutation in the tie-break order', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          id: fc.string({ maxLength: 4 }),
          section: fc.option(fc.constantFrom('1', '1.2', '2', '10')),
          score: fc.double({ min: 0, max: 100, noNaN: true }),
        }),
        { maxLength: 30 },
      ),
      (items) => {
        const ranked = rankHits(items.map((x) => match(x.id, x.section, x.score)));
        expect(ranked.map((r) => r.k_final)).toEqual(ranked.map((_, i) => i + 1));
        expect(new Set(ranked.map((r) => r.k_pos)).size).toBe(items.length);
        for (let i = 0; i < ranked.length; i++) {
          const a = ranked[i]!;
          expect(a.score_norm).toBeGreaterThanOrEqual(0);
          expect(a.score_norm).toBeLessThanOrEqual(1);
          const b = ranked[i + 1];
          if (b === undefined) continue;
          const [sa, sb] = [a.match.chunk.section_id ?? '', b.match.chunk.section_id ?? ''];
          expect(
            a.score_norm > b.score_norm ||
              (a.score_norm === b.score_norm &&
                (sa < sb || (sa === sb && a.match.chunk.chunk_id <= b.match.chunk.chunk_id))),
          ).toBe(true);
        }
      },
    ),
  );
});

test('a reranker orders first; its ties fall back to score_norm, section and chunk ID; k_pos keeps the engine order', () => {
  const matches = [match('a', '1', 8), match('b', '1', 6), match('c', '1', 4), match('d', '0', 4)];
  const ranked = rankHits(matches, (candidates) =>
    candidates.map((c) => (c.score_norm < 0.6 ? 0.9 : 0.3)),
  );
  expect(ranked.map((r) => [r.match.chunk.chunk_id, r.rerank_score, r.k_pos, r.k_final])).toEqual([
    ['d', 0.9, 4, 1],
    ['c', 0.9, 3, 2],
    ['a', 0.3, 1, 3],
    ['b', 0.3, 2, 4],
  ]);
  expect(rankHits(matches).every((r) => r.rerank_score === null)).toBe(true);
});
