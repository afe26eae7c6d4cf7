import { describe, expect, it } from 'vitest';
import { DocumentBuilder } from '../parse/document-builder.js';
import { CHAR_DEFAULTS, CharChunker } from './char-chunker.js';

describe('char chunker', () => {
  it('has the seed 004 defaults: size 1000, overlap 100, threshold 10000', () => {
    const chunker = new CharChunker();
    expect(chunker.config).toMatchObject({
      size_chars: 1000,
      overlap_chars: 100,
      threshold_chars: 10_000,
    });
    expect(CHAR_DEFAULTS.size_chars).toBe(1000);
    const text = 'word '.repeat(1000);
    const chunks = chunker.chunk(text);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.token_count).toBeLessThanOrEqual(1000);
    // consecutive chunks overlap by at most 100 characters, and they do overlap
    for (let i = 1; i < chunks.length; i++) {
      const shared = chunks[i - 1]!.span.end - chunks[i]!.span.start;
      expect(shared).toBeGreaterThan(0);
      expect(shared).toBeLessThanOrEqual(100);
    }
  });

  it('ends on a line break, else a space, near the end of the window', () => {
    const text = `${'a'.repeat(85)}\n${'b'.repeat(5)} ${'c'.repeat(30)}`;
    const chunks = new CharChunker({ size_chars: 100, overlap_chars: 0 }).chunk(text);
    expect(chunks[0]!.text).toBe('a'.repeat(85));
    expect(chunks[1]!.text.startsWith('b')).toBe(true);
  });

  it('fails at construction on configurations that could not advance or make no sense', () => {
    const bad = [
      { size_chars: 100, overlap_chars: 100 },
      { size_chars: 100, overlap_chars: 200 },
      { size_chars: 0 },
      { size_chars: -5 },
      { size_chars: Number.NaN },
      { size_chars: 10.5 },
      { overlap_chars: -1 },
      { size_chars: '100' as unknown as number },
      { sizeChars: 100 } as never,
    ];
    for (const settings of bad) {
      expect(() => new CharChunker(settings), JSON.stringify(settings)).toThrow(
        expect.objectContaining({ code: 'invalid_option' }),
      );
    }
    expect(() => new CharChunker().chunk('x', { max_chunk_chars: 50 })).toThrow(
      /overlap_chars \(100\)/,
    );
  });

  it('names size_chars when the constructor is given the per-call name max_chunk_chars', () => {
    const settings = { max_chunk_chars: 100 } as never;
    expect(() => new CharChunker(settings)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringContaining(
          'Unknown char chunker setting "max_chunk_chars" (did you mean size_chars? max_chunk_chars is the per-call ChunkingOptions name)',
        ),
        details: { option: 'max_chunk_chars', suggestion: 'size_chars' },
      }),
    );
    expect(new CharChunker({ size_chars: 100, overlap_chars: 10 }).chunk('x')[0]?.text).toBe('x');
  });

  it('refuses content over MAX_CONTENT_SIZE_CHARS and runaway chunk counts with typed errors', () => {
    expect(() =>
      new CharChunker({ limits: { max_content_chars: 10 } }).chunk('x'.repeat(11)),
    ).toThrow(expect.objectContaining({ code: 'content_too_large' }));
    expect(
      new CharChunker({ limits: { max_content_chars: 10 } }).chunk('😀'.repeat(10)),
    ).toHaveLength(1);
    expect(() =>
      new CharChunker({
        size_chars: 2,
        overlap_chars: 0,
        limits: { max_chunks_per_node: 3 },
      }).chunk('abcdefgh'),
    ).toThrow(expect.objectContaining({ code: 'too_many_chunks' }));
  });

  it('chunks each JSON node on its own and keeps nodes under the threshold whole', () => {
    const small = 'short node text';
    const large = 'long node text '.repeat(20);
    const canonical = `${small}\n${large}`;
    const builder = new DocumentBuilder({
      canonical,
      format: 'json',
      media_type: 'application/json',
      source_url: 'x.json',
    });
    builder.jsonNode('/a', 0, small.length);
    builder.jsonNode('/b/0', small.length + 1, canonical.length);
    const doc = builder.build();
    const chunks = new CharChunker({
      size_chars: 10,
      overlap_chars: 2,
      threshold_chars: 100,
    }).chunk(doc);
    expect(chunks[0]).toMatchObject({
      json_pointer: '/a',
      node_chunk_index: 0,
      total_chunks: 1,
      text: small,
    });
    const second = chunks.filter((c) => c.json_pointer === '/b/0');
    expect(second.length).toBeGreaterThan(10);
    expect(second.map((c) => c.node_chunk_index)).toEqual(second.map((_, i) => i));
    expect(second[0]!.node_start).toBe(0);
    expect(second.every((c) => c.total_chunks === second.length)).toBe(true);
  });
});
