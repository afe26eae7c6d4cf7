import type { ChunkRow } from '../store/types.js';
import type { ByteRange } from './text-segment.js';

type ChunkSpan = Pick<ChunkRow, 'chunk_id' | 'byte_start' | 'byte_end'>;

/**
 * Finds, for many byte ranges of one canonical text, the chunks whose spans
 * overlap them. Chunks come in reading order; when their starts and ends
 * both only grow (every chunker of cairn, overlapping windows included) a
 * lookup is a binary search, else a scan.
 */
export class ChunksUnderRanges {
  private readonly monotone: boolean;

  constructor(private readonly chunks: readonly ChunkSpan[]) {
    let monotone = true;
    for (let i = 1; i < chunks.length && monotone; i++) {
      const a = chunks[i - 1]!;
      const b = chunks[i]!;
      monotone = a.byte_start <= b.byte_start && a.byte_end <= b.byte_end;
    }
    this.monotone = monotone;
  }

  /** The IDs of the chunks that share at least one byte with a range, in reading order, each once. */
  idsUnder(ranges: readonly ByteRange[]): string[] {
    const hit = new Set<number>();
    for (const range of ranges) {
      if (range.end_byte <= range.start_byte) continue;
      let i = this.monotone ? this.firstEndingAfter(range.start_byte) : 0;
      for (; i < this.chunks.length; i++) {
        const chunk = this.chunks[i]!;
        if (this.monotone && chunk.byte_start >= range.end_byte) break;
        if (chunk.byte_start < range.end_byte && chunk.byte_end > range.start_byte) hit.add(i);
      }
    }
    return [...hit].sort((a, b) => a - b).map((i) => this.chunks[i]!.chunk_id);
  }

  private firstEndingAfter(byte: number): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.chunks[mid]!.byte_end > byte) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
