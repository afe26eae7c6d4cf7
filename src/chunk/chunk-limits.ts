import { CairnError } from '../errors.js';
import { codePointsBetween } from '../load/surrogates.js';
import { MAX_TEXT_CHARS } from '../parse/parse-input.js';
import { checkInteger } from './check-options.js';
import type { ChunkLimits } from './types.js';

/** Seed 004 `MAX_CONTENT_SIZE_CHARS`: one text unit (a document or a JSON string node), in code points. */
export const MAX_CONTENT_SIZE_CHARS = MAX_TEXT_CHARS;

/** Seed 004 `MAX_CHUNKS_PER_NODE`: chunks one text unit may give. */
export const MAX_CHUNKS_PER_NODE = 100_000;

export const DEFAULT_LIMITS: Readonly<ChunkLimits> = Object.freeze({
  max_content_chars: MAX_CONTENT_SIZE_CHARS,
  max_chunks_per_node: MAX_CHUNKS_PER_NODE,
});

export function resolveLimits(input: Partial<ChunkLimits> | undefined): Readonly<ChunkLimits> {
  if (input === undefined) return DEFAULT_LIMITS;
  return Object.freeze({
    max_content_chars: checkInteger(
      'max_content_chars',
      input.max_content_chars ?? MAX_CONTENT_SIZE_CHARS,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    max_chunks_per_node: checkInteger(
      'max_chunks_per_node',
      input.max_chunks_per_node ?? MAX_CHUNKS_PER_NODE,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
  });
}

/**
 * Refuses a text unit over the size limit before any work. The UTF-16 length
 * bounds the code point count from above, so the exact count is only taken
 * when that cheap bound is over the limit.
 */
export function checkContentSize(
  text: string,
  unit: { start16: number; end16: number; json_pointer?: string },
  limits: ChunkLimits,
): void {
  const { start16, end16 } = unit;
  const length16 = end16 - start16;
  if (length16 <= limits.max_content_chars) return;
  const codePoints = codePointsBetween(text, start16, end16);
  if (codePoints <= limits.max_content_chars) return;
  const node = unit.json_pointer === undefined ? 'The text' : `JSON node ${unit.json_pointer}`;
  throw new CairnError(
    'content_too_large',
    `${node} has ${codePoints} characters, over the limit of ${limits.max_content_chars} (max_content_chars)`,
    {
      details: {
        received: codePoints,
        max: limits.max_content_chars,
        ...(unit.json_pointer === undefined ? {} : { json_pointer: unit.json_pointer }),
      },
    },
  );
}

/** Called as chunks are produced, so a runaway configuration stops early instead of filling memory. */
export function checkChunkCount(
  count: number,
  limits: ChunkLimits,
  where: { json_pointer?: string },
): void {
  if (count <= limits.max_chunks_per_node) return;
  const node = where.json_pointer === undefined ? 'The text' : `JSON node ${where.json_pointer}`;
  throw new CairnError(
    'too_many_chunks',
    `${node} gives more than ${limits.max_chunks_per_node} chunks (max_chunks_per_node); raise the chunk size or the limit`,
    {
      details: {
        max: limits.max_chunks_per_node,
        ...(where.json_pointer === undefined ? {} : { json_pointer: where.json_pointer }),
      },
    },
  );
}
