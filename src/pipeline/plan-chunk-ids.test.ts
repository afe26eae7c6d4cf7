import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redirectsFor } from './plan-chunk-ids.js';

describe('redirectsFor', () => {
  test('old IDs still live need nothing; moved ones follow the alignment; lost ones go to null', () => {
    expect(
      redirectsFor(
        ['a', 'b', 'c', 'd'],
        ['a', 'x', 'c'],
        ['a', 'x', 'c'],
        [{ from: 'b', to: 'x', kind: 'merged' }],
      ),
    ).toEqual([
      { from_chunk_id: 'b', to_chunk_id: 'x', kind: 'merged' },
      { from_chunk_id: 'd', to_chunk_id: null, kind: 'deleted' },
    ]);
  });

  test('a stored version coming back: targets map through chunk position to its own IDs', () => {
    // aligned IDs a, n1 stand where the stored version has s1, s2
    expect(
      redirectsFor(['a', 'b'], ['s1', 's2'], ['a', 'n1'], [{ from: 'b', to: 'n1', kind: 'moved' }]),
    ).toEqual([
      { from_chunk_id: 'a', to_chunk_id: 's1', kind: 'moved' },
      { from_chunk_id: 'b', to_chunk_id: 's2', kind: 'moved' },
    ]);
  });

  test('property: exactly one redirect per old ID that is not live, each to a live ID or null', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 30 }),
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30 }),
        (previous, final, pairs) => {
          const aligned = final;
          const alignedRedirects = pairs
            .filter(() => previous.length > 0 && final.length > 0)
            .map(([i, j]) => ({
              from: previous[i % previous.length]!,
              to: final[j % final.length]!,
              kind: 'moved' as const,
            }));
          const redirects = redirectsFor(previous, final, aligned, alignedRedirects);
          const live = new Set(final);
          expect(redirects.map((r) => r.from_chunk_id)).toEqual(
            previous.filter((id) => !live.has(id)),
          );
          for (const r of redirects) {
            if (r.to_chunk_id === null) expect(r.kind).toBe('deleted');
            else expect(live.has(r.to_chunk_id)).toBe(true);
          }
        },
      ),
    );
  });
});
