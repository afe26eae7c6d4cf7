import type { ChunkingOptions } from './types.js';

export interface TokenBudgetOverrides {
  max_chunk_tokens?: number;
  overlap_tokens?: number;
  include_headers?: boolean;
}

/** The options a token-budgeted chunker takes from `chunk(source, options)`, given ones only. */
export function tokenOptionOverrides(options: ChunkingOptions): TokenBudgetOverrides {
  const overrides: TokenBudgetOverrides = {};
  if (options.max_chunk_tokens !== undefined) overrides.max_chunk_tokens = options.max_chunk_tokens;
  if (options.overlap_tokens !== undefined) overrides.overlap_tokens = options.overlap_tokens;
  if (options.include_headers !== undefined) overrides.include_headers = options.include_headers;
  return overrides;
}
