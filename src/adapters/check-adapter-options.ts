import type { ChunkingOptions } from '../chunk/types.js';
import { CairnError } from '../errors.js';

/** Every `ChunkingOptions` key, for checking what JavaScript callers pass without a type check. */
const CHUNKING_KEYS = [
  'include_headers',
  'include_furniture',
  'max_chunk_tokens',
  'overlap_tokens',
  'max_chunk_chars',
  'overlap_chars',
  'strategy',
] as const satisfies readonly (keyof ChunkingOptions)[];
true satisfies ListsEveryKey<ChunkingOptions, typeof CHUNKING_KEYS>;

/**
 * `true` only when `K` lists every key of `T`: with `satisfies readonly
 * (keyof T)[]` on the list, an option added to the type and not to the
 * list fails to compile instead of being refused at run time.
 */
export type ListsEveryKey<T, K extends readonly PropertyKey[]> = [
  Exclude<keyof T, K[number]>,
] extends [never]
  ? true
  : never;

/** The frameworks' own splitter options: sizes go in `chunking`, in the chunker's unit. */
const FRAMEWORK_SIZE_KEYS = /^chunk_?(size|overlap)$/i;

/**
 * Refuses options an adapter does not read: from JavaScript, a framework's
 * habit (`chunkSize`) or a typo would otherwise be dropped without a word and
 * the defaults used. `invalid_option`, naming the key and the accepted ones.
 */
export function checkAdapterOptions(
  what: string,
  options: unknown,
  accepted: readonly string[],
): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new CairnError('invalid_option', `${what} options must be an object`, {
      details: { accepted: [...accepted] },
    });
  }
  for (const key of Object.keys(options)) {
    if (accepted.includes(key)) continue;
    const hint = FRAMEWORK_SIZE_KEYS.test(key)
      ? " (sizes go in chunking, in the chunker's unit: { chunking: { max_chunk_tokens: 200, overlap_tokens: 20 } }, or max_chunk_chars for the char chunker)"
      : '';
    throw new CairnError(
      'invalid_option',
      `Unknown ${what} option "${key}"${hint}; accepted: ${accepted.join(', ')}`,
      { details: { option: key, accepted: [...accepted] } },
    );
  }
  const chunking = (options as { chunking?: unknown }).chunking;
  if (accepted.includes('chunking') && chunking !== undefined) {
    checkAdapterOptions(`${what} chunking`, chunking, CHUNKING_KEYS);
  }
}
