import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunksUnderRanges } from './chunks-under-ranges.js';

const overlapping = (
  chunks: { chunk_id: string; byte_start: number; byte_end: number }[],
  ranges: { start_byte: number; end_byte: number }[],
): string[] =>
  chunks
    .filter((c) =>
      ranges.some(
        // an empty range holds no byte to share
        (r) => r.start_byte < r.end_byte && c.byte_start < r.end_byte && c.byte_end > r.start_byte,
      ),
    )
    .map((c) => c.chunk_id);

describe('ChunksUnderRanges', () => {
  it('finds exactly the chunks that share a byte with a range, in reading order', () => {
    const range = fc
      .tuple(fc.nat({ max: 300 }), fc.nat({ max: 40 }))
      .map(([start, length]) => ({ start_byte: start, end_byte: start + length }));
    fc.assert(
      fc.property(
        // windows whose starts and ends both grow (overlap allowed), or any spans at all
        fc.array(fc.tuple(fc.nat({ max: 20 }), fc.integer({ min: 1, max: 30 })), { maxLength: 30 }),
        fc.boolean(),
        fc.array(range, { maxLength: 6 }),
        (steps, shuffled, ranges) => {
          let start = 0;
          let end = 0;
          const chunks = steps.map(([gap, length], i) => {
            start += gap;
            end = Math.max(end, start + length);
            return { chunk_id: `c${i}`, byte_start: start, byte_end: end };
          });
          if (shuffled) chunks.reverse();
          expect(new ChunksUnderRanges(chunks).idsUnder(ranges)).toEqual(
            overlapping(chunks, ranges),
          );
        },
      ),
    );
  });
});
