import { CairnError } from '../errors.js';
import { resolveLimits } from './chunk-limits.js';
import type { Chunker, ChunkLimits } from './types.js';

/**
 * `chunker` under other safety limits (seed 004's `MAX_CONTENT_SIZE_CHARS`
 * and `MAX_CHUNKS_PER_NODE`), checked first: a limit below 1 or not a whole
 * number is `invalid_option`, and so is a chunker that cannot take limits.
 */
export function limitChunker(chunker: Chunker, limits: Partial<ChunkLimits>): Chunker {
  resolveLimits(limits);
  if (chunker.withLimits === undefined) {
    throw new CairnError(
      'invalid_option',
      `The ${chunker.name} chunker keeps its own limits: max_content_chars and max_chunks_per_node do not apply to it`,
      { details: { chunker_id: chunker.chunker_id } },
    );
  }
  return chunker.withLimits(limits);
}
