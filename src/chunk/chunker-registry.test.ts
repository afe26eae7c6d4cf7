import { describe, expect, it } from 'vitest';
import { CharChunker } from './char-chunker.js';
import {
  ChunkerRegistry,
  createChunkerRegistry,
  defaultChunkerRegistry,
} from './chunker-registry.js';

describe('chunker registry', () => {
  it('answers names, the default alias and exact ids with the same reusable instance', () => {
    const registry = createChunkerRegistry();
    const structure = registry.get('default');
    expect(structure.name).toBe('structure');
    expect(registry.get('structure')).toBe(structure);
    expect(registry.get(structure.chunker_id)).toBe(structure);
    expect(structure.chunker_id).toMatch(/^structure@v1:[0-9a-f]{8}$/);
    expect(registry.has('char')).toBe(true);
    expect(registry.has('char@v1:00000000')).toBe(false);
    expect(registry.has('nope')).toBe(false);
  });

  it('id_of: full ids for names and aliases, anything else as given (an id a store holds)', () => {
    const registry = createChunkerRegistry();
    expect(registry.id_of('default')).toBe(registry.get('structure').chunker_id);
    expect(registry.id_of('char')).toBe(registry.get('char').chunker_id);
    expect(registry.id_of(registry.get('token').chunker_id)).toBe(registry.get('token').chunker_id);
    expect(registry.id_of('char@v1:00000000')).toBe('char@v1:00000000');
  });

  it('lists one id per built-in chunker, stable across registries', () => {
    const ids = createChunkerRegistry().list_ids();
    expect(ids.map((id) => id.split('@')[0])).toEqual([
      'char',
      'sentence',
      'structure',
      'token-like',
      'token',
    ]);
    expect(createChunkerRegistry().list_ids()).toEqual(ids);
  });

  it('fails clearly on an unknown id, naming what it knows', () => {
    const registry = createChunkerRegistry();
    registry.get('char');
    expect(() => registry.get('paragraphs')).toThrow(
      expect.objectContaining({
        code: 'unknown_chunker',
        message: expect.stringMatching(/char@v1:[0-9a-f]{8}/),
      }),
    );
    expect(() => registry.get('token@v1:deadbeef')).toThrow(
      /token is known, but not with configuration deadbeef/,
    );
  });

  it('keeps configured chunkers under their ids', () => {
    const registry = createChunkerRegistry();
    const small = registry.create('char', { size_chars: 200, overlap_chars: 20 });
    expect(small.chunker_id).not.toBe(registry.get('char').chunker_id);
    expect(registry.get(small.chunker_id)).toBe(small);
    expect(registry.create('char', { overlap_chars: 20, size_chars: 200 })).toBe(small);
    expect(registry.list_ids()).toContain(small.chunker_id);
  });

  it('maps per-call options to a derived chunker whose id names the chunks', () => {
    const chunker = new CharChunker();
    const derived = chunker.configure({ max_chunk_chars: 300, overlap_chars: 30 });
    expect(derived.config).toMatchObject({ size_chars: 300, overlap_chars: 30 });
    expect(chunker.configure({ max_chunk_chars: 300, overlap_chars: 30 })).toBe(derived);
    expect(chunker.configure({ max_chunk_chars: 1000 })).toBe(chunker);
    const text = 'abc def '.repeat(200);
    expect(chunker.chunk(text, { max_chunk_chars: 300, overlap_chars: 30 })).toEqual(
      derived.chunk(text),
    );
  });

  it('a per-call NaN or Infinity is refused naming the setting, for every built-in chunker', () => {
    const registry = createChunkerRegistry();
    for (const name of ['char', 'token-like', 'token', 'sentence', 'structure']) {
      const chunker = registry.get(name);
      const option = name === 'char' ? 'max_chunk_chars' : 'max_chunk_tokens';
      for (const value of [Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => chunker.configure({ [option]: value }), name).toThrow(
          expect.objectContaining({
            code: 'invalid_option',
            message: expect.stringMatching(
              new RegExp(`^(?:${option}|size_chars) must be an integer .*received ${value}$`),
            ),
          }),
        );
      }
    }
  });

  it('takes new kinds and aliases, refusing ones that would hide names', () => {
    const registry = new ChunkerRegistry();
    registry.register({
      name: 'tiny',
      version: 'v1',
      create: () => new CharChunker({ size_chars: 5, overlap_chars: 0 }),
    });
    registry.alias('small', 'tiny');
    expect(registry.get('small').config).toMatchObject({ size_chars: 5 });
    expect(() => registry.alias('tiny', 'x')).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
    expect(defaultChunkerRegistry()).toBe(defaultChunkerRegistry());
  });
});
