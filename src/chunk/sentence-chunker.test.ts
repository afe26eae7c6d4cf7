import { describe, expect, it } from 'vitest';
import { assertChunkInvariants, cl100kCount } from '../../test/chunk/assert-chunks.js';
import { SentenceChunker } from './sentence-chunker.js';
import { StructureChunker } from './structure-chunker.js';

const TEXT =
  'First sentence here. Second one follows! Is this the third? Yes.\n\nA new paragraph starts.';

describe('sentence chunker', () => {
  it('ends chunks at sentence ends under a token budget', () => {
    const chunks = new SentenceChunker({ max_chunk_tokens: 16, overlap_tokens: 0 }).chunk(
      TEXT.repeat(3),
    );
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.text).toMatch(/^[A-Z].*[.!?]$/su);
      expect(chunk.token_count).toBeLessThanOrEqual(16);
    }
  });

  it('overlaps by whole sentences', () => {
    const chunks = new SentenceChunker({ max_chunk_tokens: 16, overlap_tokens: 6 }).chunk(TEXT);
    expect(chunks.map((c) => c.text)).toEqual([
      'First sentence here. Second one follows! Is this the third? Yes.',
      'Yes.\n\nA new paragraph starts.',
    ]);
  });

  it('switches to a character budget when only character options are given', () => {
    const chunker = new SentenceChunker();
    const byChars = chunker.configure({ max_chunk_chars: 45, overlap_chars: 0 });
    expect(byChars.config).toMatchObject({ unit: 'char', max_chunk_chars: 45 });
    expect(byChars.config).not.toHaveProperty('tokenizer');
    for (const chunk of byChars.chunk(TEXT))
      expect(chunk.token_count).toBe(Array.from(chunk.text).length);
    expect(chunker.configure({ max_chunk_tokens: 100 }).config).toMatchObject({ unit: 'token' });
  });

  it('repeats at most overlap_tokens by the exact count, not the estimate of whole pieces', () => {
    // ` <|` is one cl100k token; the sentence trimmed of its space starts `<|`, two tokens
    const text = Array.from({ length: 40 }, (_, i) => `<|Item ${i} holds one value.`).join(' ');
    for (const chunker of [
      new SentenceChunker({ max_chunk_tokens: 32, overlap_tokens: 16 }),
      new StructureChunker({ max_chunk_tokens: 32, overlap_tokens: 16 }),
    ]) {
      const chunks = chunker.chunk(text);
      assertChunkInvariants(text, chunks, { count: cl100kCount, budget: 32, overlap: 16 });
      expect(chunks.some((c, i) => i > 0 && c.span.start < chunks[i - 1]!.span.end)).toBe(true);
    }
  });

  it('cuts a sentence longer than its segmentation window between words, up to the budget', () => {
    // 14,400 characters, one sentence, no line break: the window is 4096 units
    const text = `${Array.from({ length: 2400 }, (_, i) => `word${i % 10}`).join(' ')}.`;
    for (const [chunker, budget] of [
      [new SentenceChunker({ unit: 'char', max_chunk_chars: 5000, overlap_chars: 0 }), 5000],
      [new SentenceChunker({ max_chunk_tokens: 2000, overlap_tokens: 0 }), 2000],
    ] as const) {
      const chunks = chunker.chunk(text);
      expect(chunks).toHaveLength(3);
      for (const chunk of chunks) {
        expect(chunk.text).toMatch(/^word\d( word\d)*\.?$/);
        expect(chunk.token_count).toBeLessThanOrEqual(budget);
      }
    }
  });

  it('rejects unknown locales and units', () => {
    expect(() => new SentenceChunker({ locale: 'not a locale!' })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
    expect(() => new SentenceChunker({ unit: 'word' as never })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });

  it('keeps a piece that counts more without its leading space within the budget', () => {
    // " 👩‍👩‍👧┃［" is one 16-token cl100k piece; trimmed of its space it counts 17
    const chunks = new SentenceChunker({ max_chunk_tokens: 16, overlap_tokens: 0 }).chunk(
      'the 👩‍👩‍👧┃［ a',
    );
    expect(chunks.map((c) => [c.text, c.token_count])).toEqual([
      ['the', 1],
      ['👩‍👩‍👧┃', 15],
      ['［', 2],
      ['a', 1],
    ]);
  });
});
