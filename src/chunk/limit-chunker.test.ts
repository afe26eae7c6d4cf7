import { describe, expect, test } from 'vitest';
import { isCairnError } from '../errors.js';
import { defaultChunkerRegistry } from './chunker-registry.js';
import { limitChunker } from './limit-chunker.js';
import type { Chunker } from './types.js';

const TEXT = 'One sentence here. '.repeat(200);

describe('limitChunker', () => {
  test.each(['char', 'token', 'token-like', 'sentence', 'structure'])(
    '%s: the same id and chunks under other limits; over them, refused',
    (name) => {
      const chunker = defaultChunkerRegistry().get(name);
      const limited = limitChunker(chunker, { max_chunks_per_node: 1_000 });
      expect(limited.chunker_id).toBe(chunker.chunker_id);
      expect(limited.limits).toEqual({ ...chunker.limits, max_chunks_per_node: 1_000 });
      expect(limited.chunk(TEXT)).toEqual(chunker.chunk(TEXT));
      // configure keeps the limits it was given
      expect(limited.configure({ include_headers: false }).limits.max_chunks_per_node).toBe(1_000);
      expect(() => limitChunker(chunker, { max_content_chars: 100 }).chunk(TEXT)).toThrow(
        expect.objectContaining({ code: 'content_too_large' }),
      );
    },
  );

  test('a limit under 1, or a chunker that cannot take limits, is invalid_option', () => {
    const chunker = defaultChunkerRegistry().get('char');
    expect(() => limitChunker(chunker, { max_content_chars: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
    const { withLimits: _none, ...plain } = chunker as Chunker & Record<string, unknown>;
    try {
      limitChunker({ ...plain, name: 'custom' } as Chunker, { max_content_chars: 10 });
      expect.unreachable();
    } catch (error) {
      expect(isCairnError(error, 'invalid_option')).toBe(true);
    }
  });
});
