import { describe, expect, it } from 'vitest';
import { assertChunkInvariants } from '../../test/chunk/assert-chunks.js';
import { TokenLikeChunker } from './token-like-chunker.js';

describe('token-like chunker', () => {
  it('gives no blank chunk when max_word_chars 1 cuts a space from the marks it carries', () => {
    const text = 'a \u0301b c';
    const chunks = new TokenLikeChunker({
      max_chunk_tokens: 1,
      overlap_tokens: 0,
      max_word_chars: 1,
    }).chunk(text);
    assertChunkInvariants(text, chunks, { budget: 1, overlap: 0 });
    expect(chunks.map((c) => [c.text, c.split_reason])).toEqual([
      ['a', undefined],
      ['\u0301', 'oversize_grapheme'],
      ['b', undefined],
      ['c', undefined],
    ]);
  });
});
