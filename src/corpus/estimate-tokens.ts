import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';

/** Special-token text (`<|endoftext|>`) in a regulation is ordinary text, not a control token. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Tokens of `text` under cl100k_base, the encoding of OpenAI's
 * text-embedding-3 models: an estimate for other embedders, exact for those,
 * and deterministic for a given gpt-tokenizer version.
 */
export function estimateTokens(text: string): number {
  return countTokens(text, AS_TEXT);
}
