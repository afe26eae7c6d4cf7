import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { expect } from 'vitest';
import type { Chunk } from '../../src/chunk/types.js';
import { ATOMIC_BLOCK_TYPES, type CairnDocument } from '../../src/types.js';

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const NO_SPECIAL = { disallowedSpecial: new Set<string>() };

/** cl100k count of a chunk's text, special-token strings as plain text, from the library itself. */
export function cl100kCount(text: string): number {
  return countTokens(text, NO_SPECIAL);
}

export interface ChunkExpectations {
  /** The chunker's own unit and its reference count. */
  count?: (text: string) => number;
  budget: number;
  overlap: number;
  /** How to measure overlapping text (defaults to `count`). */
  overlapCount?: (text: string) => number;
  /** Code point ranges whose non-space characters must all be in some chunk (default: the whole text). */
  coverage?: Array<[number, number]>;
  /** Chunks may exceed the budget (seed 004: a JSON node under the threshold stays whole). */
  allowOverBudget?: (chunk: Chunk) => boolean;
}

/**
 * Every promise of a chunker, checked with code independent of it: code
 * point slicing with Array.from, UTF-8 with Buffer, grapheme boundaries with
 * Intl.Segmenter over every line of the text, counts with the tokenizer library.
 */
export function assertChunkInvariants(
  canonical: string,
  chunks: Chunk[],
  expectations: ChunkExpectations,
): void {
  const chars = Array.from(canonical);
  const byteOf = new Array<number>(chars.length + 1);
  byteOf[0] = 0;
  for (let i = 0; i < chars.length; i++) byteOf[i + 1] = byteOf[i]! + Buffer.byteLength(chars[i]!);
  const boundaries = new Set<number>([0, chars.length]);
  let cp = 0;
  // Line by line: V8's segmenter is quadratic in the string's length, and a
  // cluster never continues past a line feed (UAX #29, GB4).
  for (const line of canonical.split(/(?<=\n)/)) {
    for (const { segment } of GRAPHEMES.segment(line)) {
      boundaries.add(cp);
      cp += Array.from(segment).length;
    }
  }
  const fail = (chunk: Chunk, what: string): never => {
    throw new Error(
      `chunk ${chunk.chunk_index} [${chunk.span.start},${chunk.span.end}) ${what}: ${JSON.stringify(chunk.text).slice(0, 200)}`,
    );
  };
  let previous: Chunk | null = null;
  chunks.forEach((chunk, index) => {
    const { span } = chunk;
    if (chunk.chunk_index !== index)
      fail(chunk, `has chunk_index ${chunk.chunk_index}, expected ${index}`);
    if (!(span.start >= 0 && span.start < span.end && span.end <= chars.length))
      fail(chunk, 'is out of bounds');
    if (chars.slice(span.start, span.end).join('') !== chunk.text)
      fail(chunk, 'does not slice the canonical text');
    if (span.start_byte !== byteOf[span.start] || span.end_byte !== byteOf[span.end]) {
      fail(
        chunk,
        `has bytes ${span.start_byte}..${span.end_byte}, expected ${byteOf[span.start]}..${byteOf[span.end]}`,
      );
    }
    if (!/\S/u.test(chunk.text)) fail(chunk, 'is blank');
    if (chunk.split_reason !== 'oversize_grapheme') {
      if (!boundaries.has(span.start)) fail(chunk, 'starts inside a grapheme cluster');
      if (!boundaries.has(span.end)) fail(chunk, 'ends inside a grapheme cluster');
    }
    if (expectations.count) {
      const expected = expectations.count(chunk.text);
      if (chunk.token_count !== expected)
        fail(chunk, `says ${chunk.token_count} tokens, the tokenizer says ${expected}`);
    }
    const over = chunk.token_count > expectations.budget;
    if (
      over &&
      chunk.split_reason !== 'oversize_grapheme' &&
      !expectations.allowOverBudget?.(chunk)
    ) {
      fail(chunk, `has ${chunk.token_count}, over the budget ${expectations.budget}`);
    }
    if (previous) {
      const sameNode = previous.json_pointer === chunk.json_pointer;
      if (span.start <= previous.span.start && sameNode)
        fail(chunk, 'does not start after the previous chunk');
      if (span.end <= previous.span.end) fail(chunk, 'adds nothing after the previous chunk');
      if (span.start < previous.span.end) {
        if (!sameNode) fail(chunk, 'overlaps a chunk of another JSON node');
        if (expectations.overlap === 0) fail(chunk, 'overlaps the previous chunk with overlap 0');
        const shared = chars.slice(span.start, previous.span.end).join('');
        const measure =
          expectations.overlapCount ?? expectations.count ?? ((t: string) => Array.from(t).length);
        const size = measure(shared);
        if (size > expectations.overlap)
          fail(chunk, `repeats ${size} of the previous chunk, over ${expectations.overlap}`);
      } else if (expectations.overlap >= 0) {
        const gap = chars.slice(previous.span.end, span.start).join('');
        if (/\S/u.test(gap) && expectations.coverage === undefined)
          fail(chunk, `skips ${JSON.stringify(gap)}`);
      }
    }
    previous = chunk;
  });
  // coverage: every non-space character of the covered ranges lies in some chunk
  const covered = new Uint8Array(chars.length);
  for (const chunk of chunks) covered.fill(1, chunk.span.start, chunk.span.end);
  for (const [from, to] of expectations.coverage ?? [[0, chars.length]]) {
    for (let i = from; i < to; i++) {
      if (!covered[i] && /\S/u.test(chars[i]!)) {
        throw new Error(`character ${i} ${JSON.stringify(chars[i])} is in no chunk`);
      }
    }
  }
}

/** With overlap 0: chunks and the whitespace between them give the text back. */
export function assertReassembles(canonical: string, chunks: Chunk[]): void {
  const chars = Array.from(canonical);
  let rebuilt = '';
  let at = 0;
  for (const chunk of chunks) {
    const gap = chars.slice(at, chunk.span.start).join('');
    expect(gap).toMatch(/^\s*$/u);
    rebuilt += gap + chunk.text;
    at = chunk.span.end;
  }
  rebuilt += chars.slice(at).join('');
  expect(rebuilt).toBe(canonical);
}

/** Tables, code and formulas lie whole in one chunk, unless every chunk touching them says why not. */
export function assertAtomicBlocksWhole(doc: CairnDocument, chunks: Chunk[]): void {
  for (const block of doc.blocks) {
    if (!ATOMIC_BLOCK_TYPES.has(block.type)) continue;
    const touching = chunks.filter(
      (c) => c.span.start < block.span.end && block.span.start < c.span.end,
    );
    const whole = touching.some(
      (c) => c.span.start <= block.span.start && block.span.end <= c.span.end,
    );
    if (whole) continue;
    for (const chunk of touching) {
      if (chunk.split_reason !== 'oversize_atomic' && chunk.split_reason !== 'oversize_grapheme') {
        throw new Error(
          `${block.type} block ${block.index} is split by chunk ${chunk.chunk_index} without a reason`,
        );
      }
    }
  }
}
