import { readFile } from 'node:fs/promises';
import { checkCount } from '../check-count.js';
import { CairnError } from '../errors.js';
import { statSourceFile } from './stat-source-file.js';

export interface ReadSourceFileOptions {
  /** Refuse a file larger than this many bytes, before reading it; no limit unless given. */
  max_bytes?: number;
}

/** A file's bytes, refused with a typed error when it is missing, not a regular file, or over `max_bytes`. */
export async function readSourceFile(
  path: string,
  options: ReadSourceFileOptions = {},
): Promise<Uint8Array> {
  const maxBytes = options.max_bytes;
  if (maxBytes !== undefined) checkCount('max_bytes', maxBytes, 0);
  const { size } = await statSourceFile(path);
  if (maxBytes !== undefined && size > maxBytes) {
    throw new CairnError(
      'input_too_large',
      `${path} is ${size} bytes, over the limit of ${maxBytes}`,
      {
        details: { source: path, bytes: size, max_bytes: maxBytes },
      },
    );
  }
  try {
    return await readFile(path);
  } catch (cause) {
    // stat found a regular file: what fails now is reading it (no read permission), or a race
    throw new CairnError('file_unreadable', `Cannot read ${path}`, {
      cause,
      details: { source: path },
    });
  }
}
