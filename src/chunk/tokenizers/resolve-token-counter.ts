import { CairnError } from '../../errors.js';
import { GPT_ENCODINGS, type GptEncodingName, gptTokenCounter } from './gpt-token-counter.js';
import { hfTokenCounter } from './hf-token-counter.js';
import type { TokenCounter } from './token-counter.js';

export interface TokenizerSettings {
  /** `cl100k_base` (default) or `o200k_base`; ignored when `tokenizer_file` is given. */
  tokenizer?: string;
  /** A Hugging Face tokenizer.json on disk. */
  tokenizer_file?: string;
}

/** The smallest token budget: one code point can take four byte-level tokens. */
export const MIN_TOKEN_BUDGET = 16;

export function resolveTokenCounter(settings: TokenizerSettings): TokenCounter {
  if (settings.tokenizer_file !== undefined) return hfTokenCounter(settings.tokenizer_file);
  const name = settings.tokenizer ?? 'cl100k_base';
  if (!(GPT_ENCODINGS as readonly string[]).includes(name)) {
    throw new CairnError(
      'invalid_option',
      `Unknown tokenizer "${name}": use ${GPT_ENCODINGS.join(' or ')}, or tokenizer_file for a tokenizer.json`,
      { details: { option: 'tokenizer', received: name } },
    );
  }
  return gptTokenCounter(name as GptEncodingName);
}

/** Windows for pieces too long to tokenize whole: small enough that one always fits the budget. */
export function windowUnitsFor(budget: number): number {
  return Math.min(128, Math.max(4, Math.floor(budget / 4)));
}
