import { CairnError } from '../errors.js';
import { checkAdapterOptions } from './check-adapter-options.js';

const STORE_KEYS = ['store', 'chunker'];
const FILE_KEYS = ['paths', 'chunker', 'cwd', 'root'];

/**
 * From JavaScript, before anything is read: a loader source names an open
 * store (`{ store }`) or a non-empty list of paths (`{ paths }`), not both
 * and not neither, and no key that source does not read.
 */
export function checkLoaderSource(what: string, source: unknown): void {
  const given = (typeof source === 'object' && source !== null ? source : {}) as Record<
    string,
    unknown
  >;
  const hasStore = typeof given.store === 'object' && given.store !== null;
  const hasPaths =
    Array.isArray(given.paths) &&
    given.paths.length > 0 &&
    given.paths.every((p) => typeof p === 'string' && p !== '');
  if (hasStore === hasPaths) {
    throw new CairnError(
      'invalid_option',
      `${what} reads an open store ({ store }) or files ({ paths: ['docs/'] }), ${hasStore ? 'not both' : 'and got neither'}`,
      { details: { option: hasStore ? 'paths' : 'store' } },
    );
  }
  checkAdapterOptions(what, source, hasStore ? STORE_KEYS : FILE_KEYS);
}
