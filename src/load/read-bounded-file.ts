import { readFile, stat } from 'node:fs/promises';
import { CairnError } from '../errors.js';
import { fileError } from './file-error.js';

/**
 * The file's bytes, refused unread with `input_too_large` when larger than
 * `maxBytes`; `file_not_found` or `file_unreadable` when it cannot be read.
 */
export async function readBoundedFile(file: string, maxBytes: number): Promise<Uint8Array> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new CairnError('file_unreadable', `${file} is not a file`);
    if (info.size > maxBytes) {
      throw new CairnError(
        'input_too_large',
        `${file} is ${info.size} bytes, over the limit of ${maxBytes}`,
        { details: { source: file, bytes: info.size, max_bytes: maxBytes } },
      );
    }
    return await readFile(file);
  } catch (error) {
    throw fileError(error, file, {
      missing: `${file}: no such file`,
      unreadable: (why) => `${file} cannot be read: ${why}`,
    });
  }
}
