import type { Command } from 'commander';
import type { ChunkLimits } from '../chunk/types.js';
import { integerFlag } from './integer-flag.js';

export interface LimitFlags {
  maxContentChars?: string;
  maxChunksPerNode?: string;
}

/** `--max-content-chars` and `--max-chunks-per-node`: seed 004's safety limits, on `chunk` and `ingest`. */
export function addLimitFlags(command: Command): Command {
  return command
    .option(
      '--max-content-chars <n>',
      'refuse a document or JSON string node over n characters (content_too_large; default 67108864)',
    )
    .option(
      '--max-chunks-per-node <n>',
      'refuse a document or JSON string node that gives more than n chunks (too_many_chunks; default 100000)',
    );
}

/** The limits the flags give, or undefined when neither is given. */
export function limitsFrom(flags: LimitFlags): Partial<ChunkLimits> | undefined {
  const limits: Partial<ChunkLimits> = {};
  const digits = { digits_only: true, expected: 'a whole number of at least 1' };
  if (flags.maxContentChars !== undefined)
    limits.max_content_chars = integerFlag('--max-content-chars', flags.maxContentChars, digits);
  if (flags.maxChunksPerNode !== undefined)
    limits.max_chunks_per_node = integerFlag(
      '--max-chunks-per-node',
      flags.maxChunksPerNode,
      digits,
    );
  return Object.keys(limits).length === 0 ? undefined : limits;
}
