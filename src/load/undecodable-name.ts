import { isUtf8 } from 'node:buffer';
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { CairnError } from '../errors.js';

/**
 * Whether `path` names a file whose name on disk is not UTF-8: Node reads
 * such a name with U+FFFD in place of the bad bytes, and that string names
 * no file, so opening it fails as if the file were missing.
 */
export function hasUndecodableName(path: string): boolean {
  if (!path.includes('\ufffd')) return false;
  const name = basename(path);
  try {
    return readdirSync(dirname(path), { encoding: 'buffer' }).some(
      (raw) => !isUtf8(raw) && raw.toString('utf8') === name,
    );
  } catch {
    return false;
  }
}

/** The error for such a file: it is there, but cannot be opened by the name Node gives it. */
export function undecodableNameError(source: string, cause?: unknown): CairnError {
  return new CairnError(
    'file_unreadable',
    `${source}: the file name is not valid UTF-8 (shown with U+FFFD), so it cannot be opened by name; rename it`,
    { ...(cause === undefined ? {} : { cause }), details: { source, reason: 'name_not_utf8' } },
  );
}
