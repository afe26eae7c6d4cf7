import { describe, expect, it } from 'vitest';
import { canonicalJson, configHash, formatChunkerId, parseChunkerId } from './chunker-id.js';

describe('chunker ids', () => {
  it('hashes configurations independently of key order, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":2,"z":1}]},"b":1}',
    );
    expect(configHash({ size: 1000, overlap: 100 })).toBe(configHash({ overlap: 100, size: 1000 }));
    expect(configHash({ size: 1000, overlap: 100 })).toMatch(/^[0-9a-f]{8}$/);
  });

  it('changes the id when any setting changes, the tokenizer included', () => {
    const base = { tokenizer: 'cl100k_base', max_chunk_tokens: 512, overlap_tokens: 64 };
    const ids = new Set([
      formatChunkerId('token', 'v1', base),
      formatChunkerId('token', 'v1', { ...base, tokenizer: 'o200k_base' }),
      formatChunkerId('token', 'v1', { ...base, max_chunk_tokens: 511 }),
      formatChunkerId('token', 'v1', { ...base, overlap_tokens: 0 }),
      formatChunkerId('token', 'v2', base),
    ]);
    expect(ids.size).toBe(5);
  });

  it('parses what it formats and rejects aliases and names', () => {
    const id = formatChunkerId('token-like', 'v1', { max_chunk_tokens: 10 });
    expect(parseChunkerId(id)).toEqual({
      name: 'token-like',
      version: 'v1',
      config_hash: id.slice(-8),
    });
    expect(parseChunkerId('default')).toBeNull();
    expect(parseChunkerId('token')).toBeNull();
    expect(parseChunkerId('token@v1:XYZ')).toBeNull();
  });

  it('refuses non-finite numbers instead of hashing them as null', () => {
    expect(() => canonicalJson({ size: Number.NaN })).toThrow(/non-finite/);
  });
});
