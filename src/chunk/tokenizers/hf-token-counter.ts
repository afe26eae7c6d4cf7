import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CairnError } from '../../errors.js';
import { fileError } from '../../load/file-error.js';
import { PieceCountCache } from './piece-count-cache.js';
import type { TokenCounter } from './token-counter.js';

interface HfTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): { ids: number[] };
}

interface HfModule {
  Tokenizer: new (tokenizer: object, config: object) => HfTokenizer;
}

const require = createRequire(import.meta.url);

/** GPT-2's split: estimates only, the model's own pre-tokenizer decides the real count. */
export const WORD_PIECES =
  /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

/** Slots of the piece count cache: up to half as many pieces kept. */
const PIECE_CACHE_SLOTS = 1 << 17;

/** Plain English any usable tokenizer gives tokens for. */
const PROBE = 'The quick brown fox jumps over the lazy dog.';

/**
 * A Hugging Face `tokenizer.json` read from a local file, run by
 * @huggingface/tokenizers without special tokens. Its id is the hash of the
 * file's bytes, so a moved file keeps its id and an edited one does not.
 * Piece counts are estimates (normalizers and pre-tokenizers vary by model):
 * chunkers verify every chunk with `count`.
 */
export function hfTokenCounter(path: string): TokenCounter {
  let bytes: Buffer;
  try {
    // a FIFO blocks the read for ever and /dev/zero never ends: only regular files are read
    if (!statSync(path).isFile()) {
      throw new CairnError('file_unreadable', `Tokenizer file ${path} is not a regular file`, {
        details: { source: path },
      });
    }
    bytes = readFileSync(path);
  } catch (cause) {
    const message = `Cannot read tokenizer file ${path}`;
    throw fileError(cause, path, { missing: message, unreadable: () => message });
  }
  let tokenizer: HfTokenizer;
  try {
    const json = JSON.parse(bytes.toString('utf8')) as object;
    const { Tokenizer } = require('@huggingface/tokenizers') as HfModule;
    tokenizer = new Tokenizer(json, {});
  } catch (cause) {
    throw new CairnError(
      'invalid_option',
      `${path} is not a usable tokenizer.json: ${String(cause)}`,
      {
        cause,
        details: { source: path },
      },
    );
  }
  const count = (text: string): number =>
    text.length === 0 ? 0 : tokenizer.encode(text, { add_special_tokens: false }).ids.length;
  // A tokenizer that drops what it does not know (an empty vocabulary, no unknown token) loads
  // without complaint and counts 0, and a whole document then became one chunk of "0 tokens".
  if (count(PROBE) === 0) {
    throw new CairnError(
      'invalid_option',
      `${path} counts no token in "${PROBE}": its vocabulary is empty or drops plain text`,
      { details: { source: path } },
    );
  }
  const cache = new PieceCountCache(PIECE_CACHE_SLOTS);
  return {
    id: `hf:${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}`,
    exact: false,
    // a WordPiece or Unigram vocabulary may give one byte several tokens
    withinBytes: false,
    splitPattern: WORD_PIECES,
    count,
    pieceTokens(text: string, from: number, to: number): number {
      return cache.count(text, from, to, count);
    },
  };
}
