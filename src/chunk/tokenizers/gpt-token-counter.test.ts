import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { StructureChunker } from '../structure-chunker.js';
import { gptTokenCounter, isEncodingLoaded } from './gpt-token-counter.js';

describe('gptTokenCounter', () => {
  it('loads its encoding on the first count, not when a chunker is built for its id', () => {
    const chunker = new StructureChunker({ tokenizer: 'o200k_base' });
    expect(chunker.chunker_id).toMatch(/^structure@v1:/);
    expect(isEncodingLoaded('o200k_base')).toBe(false);
    expect(chunker.chunk('Two words.')[0]?.token_count).toBe(3);
    expect(isEncodingLoaded('o200k_base')).toBe(true);
  });

  it('gives one counter per encoding, whose pieces add up to the count gpt-tokenizer gives', () => {
    const counter = gptTokenCounter('cl100k_base');
    expect(gptTokenCounter('cl100k_base')).toBe(counter);
    const text = "Don't split    this: 12345 tokens!\n\n  done <|endoftext|> 東京 👩‍👩‍👧";
    const pieces = [...text.matchAll(counter.splitPattern)].map((m) =>
      counter.pieceTokens(m[0], 0, m[0].length),
    );
    const expected = countTokens(text, { disallowedSpecial: new Set() });
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(expected);
    expect(counter.count(text)).toBe(expected);
  });
});
