import { CairnError } from '../errors.js';

/**
 * The source a framework document names in its metadata, under the first
 * of `keys` that holds a non-empty string. cairn derives the document's
 * stable id from it (as ingest does from a path), so a document without
 * one is refused rather than given an id that changes from run to run.
 */
export function readSourceUrl(
  metadata: Readonly<Record<string, unknown>>,
  keys: readonly string[],
  what: string,
): string {
  for (const key of keys) {
    const value = metadata[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  throw new CairnError(
    'invalid_option',
    `${what} has no source in its metadata (${keys.join(', ')}): cairn derives the stable document id from it`,
    { details: { keys: [...keys] } },
  );
}
