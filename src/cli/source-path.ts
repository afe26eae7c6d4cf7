import { resolve } from 'node:path';
import { toSourceUrl } from '../load/collect-sources.js';

/** A path as a user types it (`./docs/`, an absolute path) spelled as ingest stores it: relative to the working directory, `/`-separated. */
export function toStoredPath(path: string, cwd = process.cwd()): string {
  return toSourceUrl(resolve(cwd, path), cwd);
}
