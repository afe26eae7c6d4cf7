import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { assertChunkInvariants, cl100kCount } from '../../test/chunk/assert-chunks.js';
import { TOKEN_DEFAULTS, TokenChunker } from './token-chunker.js';
import { hfTokenCounter } from './tokenizers/hf-token-counter.js';

const TINY_TOKENIZER = fileURLToPath(
  new URL('../../test/fixtures/tiny-bpe-tokenizer.json', import.meta.url),
);
const TEXT = `${'The owner of a value is the variable that holds it. '.repeat(40)}\n\n${'naïve café 😀 e\u0301 '.repeat(30)}`;

describe('token chunker', () => {
  it('defaults to cl100k, 512 tokens, 64 overlap, and counts exactly', () => {
    const chunker = new TokenChunker();
    expect(chunker.config).toMatchObject(TOKEN_DEFAULTS);
    const chunks = chunker.chunk(TEXT.repeat(5));
    assertChunkInvariants(TEXT.repeat(5), chunks, { count: cl100kCount, budget: 512, overlap: 64 });
    expect(chunks.filter((c) => c.token_count > 500).length).toBeGreaterThan(0);
  });

  it('takes o200k_base, with its own id and counts', () => {
    const chunker = new TokenChunker({
      tokenizer: 'o200k_base',
      max_chunk_tokens: 40,
      overlap_tokens: 5,
    });
    expect(chunker.config.tokenizer).toBe('o200k_base');
    expect(chunker.chunker_id).not.toBe(
      new TokenChunker({ max_chunk_tokens: 40, overlap_tokens: 5 }).chunker_id,
    );
    const count = (t: string) => countO200k(t, { disallowedSpecial: new Set() });
    assertChunkInvariants(TEXT, chunker.chunk(TEXT), { count, budget: 40, overlap: 5 });
  });

  it('reads a Hugging Face tokenizer.json, named by the hash of its bytes', () => {
    const counter = hfTokenCounter(TINY_TOKENIZER);
    expect(counter.id).toMatch(/^hf:[0-9a-f]{8}$/);
    const chunker = new TokenChunker({
      tokenizer_file: TINY_TOKENIZER,
      max_chunk_tokens: 30,
      overlap_tokens: 4,
    });
    expect(chunker.config.tokenizer).toBe(counter.id);
    const chunks = chunker.chunk(TEXT);
    assertChunkInvariants(TEXT, chunks, { count: (t) => counter.count(t), budget: 30, overlap: 4 });
    // per-call options keep the tokenizer file
    expect(chunker.configure({ max_chunk_tokens: 50 }).config.tokenizer).toBe(counter.id);
  });

  it('gives no chunk of line breaks alone after punctuation (one cl100k piece holds both)', () => {
    // `.` and every line break after it are one pre-tokenizer piece, cut into windows
    for (const text of [`x.${'\n'.repeat(100_000)}y`, `The end.${'\r\n'.repeat(300)}Next part.`]) {
      for (const [budget, overlap] of [
        [512, 64],
        [16, 0],
      ] as const) {
        const chunks = new TokenChunker({
          max_chunk_tokens: budget,
          overlap_tokens: overlap,
        }).chunk(text);
        // blank chunks are among the failures it reports
        assertChunkInvariants(text, chunks, { count: cl100kCount, budget, overlap });
      }
    }
  });

  it('refuses a tokenizer file that is a folder or a device, instead of reading it for ever', () => {
    // /dev/zero never ends and a FIFO blocks: read, either would hang the constructor for ever
    const paths = [tmpdir(), ...(existsSync('/dev/zero') ? ['/dev/zero'] : [])];
    for (const path of paths) {
      expect(() => new TokenChunker({ tokenizer_file: path }), path).toThrow(
        expect.objectContaining({ code: 'file_unreadable' }),
      );
    }
  });

  it('refuses a tokenizer.json that counts no token for plain text (an empty vocabulary)', () => {
    const tiny = JSON.parse(readFileSync(TINY_TOKENIZER, 'utf8'));
    const path = join(mkdtempSync(join(tmpdir(), 'cairn-empty-vocab-')), 'tokenizer.json');
    try {
      writeFileSync(
        path,
        JSON.stringify({ ...tiny, model: { ...tiny.model, vocab: {}, merges: [] } }),
      );
      expect(() => new TokenChunker({ tokenizer_file: path })).toThrow(
        expect.objectContaining({
          code: 'invalid_option',
          message: expect.stringMatching(/counts no token/),
        }),
      );
    } finally {
      rmSync(dirname(path), { recursive: true, force: true });
    }
  });

  it('treats special-token strings as plain text', () => {
    const text = 'before <|endoftext|> after <|im_start|> end';
    const [chunk] = new TokenChunker({ max_chunk_tokens: 100, overlap_tokens: 0 }).chunk(text);
    expect(chunk!.text).toBe(text);
    expect(chunk!.token_count).toBe(cl100kCount(text));
  });

  it('rejects budgets too small for one code point, overlap >= size, unknown tokenizers and files', () => {
    for (const settings of [
      { max_chunk_tokens: 8 },
      { max_chunk_tokens: 64, overlap_tokens: 64 },
      { max_chunk_tokens: Number.POSITIVE_INFINITY },
      { tokenizer: 'gpt2' },
    ]) {
      expect(() => new TokenChunker(settings), JSON.stringify(settings)).toThrow(
        expect.objectContaining({ code: 'invalid_option' }),
      );
    }
    expect(() => new TokenChunker({ tokenizer_file: '/nonexistent/tokenizer.json' })).toThrow(
      expect.objectContaining({ code: 'file_not_found' }),
    );
  });
});
