import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CairnError } from '../errors.js';
import { fileError } from './file-error.js';

/**
 * A source file's stats, refused with a typed error when nothing is there or
 * it is not a regular file: a FIFO blocks a reader for ever and /dev/zero
 * never ends.
 */
export async function statSourceFile(path: string): Promise<Stats> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (cause) {
    throw sourceFileError(cause, path);
  }
  if (!info.isFile()) {
    throw new CairnError('file_unreadable', `${path} is not a regular file`, {
      details: { source: path },
    });
  }
  return info;
}

/** A file-system failure on a source file, in the words `statSourceFile` uses. */
export function sourceFileError(cause: unknown, path: string): CairnError {
  return fileError(cause, path, { missing: `No such file: ${path}` });
}
