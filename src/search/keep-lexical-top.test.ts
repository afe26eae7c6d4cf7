import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { ChunkRow } from '../store/types.js';
import { keepLexicalTop, LEXICAL_KEEP } from './keep-lexical-top.js';

function fused(lexicalRanks: (number | null)[]) {
  // fused order as given; RRF-like scores falling down the list
  return lexicalRanks.map((lexical, i) => ({
    match: {
      chunk: { chunk_id: `c${i}` } as ChunkRow,
      doc_uid: 'd',
      source_url: 'd.md',
      rev: 'r',
      score_raw: 1 / (60 + i + 1),
    },
    score_norm: Math.round((61 / (60 + i + 1)) * 1e6) / 1e6,
    rerank_score: null,
    k_pos: i + 1,
    k_final: i + 1,
    ranks: { lexical },
  }));
}

test('a lexical top-3 hit fusion pushed down comes back up to its lexical rank', () => {
  const kept = keepLexicalTop(fused([5, null, 2, 4, null, 1, 3]));
  expect(kept.map((r) => r.ranks.lexical)).toEqual([1, 2, 3, 5, null, 4, null]);
  expect(kept.map((r) => r.k_final)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

test('nothing moves when fusion kept the lexical top 3 in place', () => {
  const input = fused([1, 2, 3, null, 4]);
  expect(keepLexicalTop(input)).toEqual(input);
});

test('property: each lexical top-3 hit ends at or above its lexical rank, scores never rise down the list, no hit is lost', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 25 }).chain((ranks) =>
        fc.shuffledSubarray([...ranks, ...Array(8).fill(null)], {
          minLength: ranks.length,
          maxLength: ranks.length + 8,
        }),
      ),
      (lexicalRanks) => {
        const input = fused(lexicalRanks);
        const kept = keepLexicalTop(input);
        expect(kept.map((r) => r.match.chunk.chunk_id).sort()).toEqual(
          input.map((r) => r.match.chunk.chunk_id).sort(),
        );
        kept.forEach((r, i) => {
          if (r.ranks.lexical !== null && r.ranks.lexical <= LEXICAL_KEEP)
            expect(i + 1).toBeLessThanOrEqual(r.ranks.lexical);
          if (i > 0) {
            expect(r.match.score_raw).toBeLessThanOrEqual(kept[i - 1]!.match.score_raw);
            expect(r.score_norm).toBeLessThanOrEqual(kept[i - 1]!.score_norm);
          }
        });
      },
    ),
  );
});
