import { checkInteger, checkOverlap } from '../check-options.js';
import {
  MIN_TOKEN_BUDGET,
  resolveTokenCounter,
  type TokenizerSettings,
} from './resolve-token-counter.js';
import type { TokenCounter } from './token-counter.js';

/** The tokenizer a chunker's settings name (an encoding or a tokenizer.json), without their other keys. */
export function tokenizerSettingsOf(settings: TokenizerSettings): TokenizerSettings {
  return {
    ...(settings.tokenizer === undefined ? {} : { tokenizer: settings.tokenizer }),
    ...(settings.tokenizer_file === undefined ? {} : { tokenizer_file: settings.tokenizer_file }),
  };
}

/**
 * What every chunker with a budget in real tokens checks first: the budget,
 * an overlap that leaves each window new text, and a tokenizer that exists.
 */
export function checkTokenBudget(
  tokenizer: TokenizerSettings,
  maxChunkTokens: unknown,
  overlapTokens: unknown,
): { counter: TokenCounter; max: number; overlap: number } {
  const max = checkInteger('max_chunk_tokens', maxChunkTokens, MIN_TOKEN_BUDGET);
  const overlap = checkInteger('overlap_tokens', overlapTokens, 0);
  checkOverlap('overlap_tokens', overlap, 'max_chunk_tokens', max);
  return { counter: resolveTokenCounter(tokenizer), max, overlap };
}
