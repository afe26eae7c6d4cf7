import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CairnError } from '../errors.js';
import type { CorpusValidationResult } from './create-corpus-validator.js';
import { type ValidateCorpusOptions, validateCorpusStream } from './validate-corpus-stream.js';

/**
 * Validates a `retrieval-corpus.v1` JSONL file, streaming it. Problems in the
 * file are issues in the result; a file that cannot be read throws
 * `CairnError` (`file_not_found`, `file_unreadable`).
 */
export async function validateCorpusFile(
  path: string,
  options: ValidateCorpusOptions = {},
): Promise<CorpusValidationResult> {
  try {
    const info = await stat(path);
    if (!info.isFile())
      throw new CairnError('file_unreadable', `${path} is not a regular file`, {
        details: { source: path },
      });
  } catch (cause) {
    throw unreadable(path, cause);
  }
  try {
    return await validateCorpusStream(createReadStream(path, { highWaterMark: 1 << 20 }), options);
  } catch (cause) {
    // only the file system's errors mean "unreadable"; anything else is a bug to surface as is
    if ((cause as NodeJS.ErrnoException | null)?.syscall === undefined) throw cause;
    throw unreadable(path, cause);
  }
}

function unreadable(path: string, cause: unknown): CairnError {
  if (cause instanceof CairnError) return cause;
  const code = (cause as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') {
    return new CairnError('file_not_found', `No such file: ${path}`, {
      cause,
      details: { source: path },
    });
  }
  return new CairnError('file_unreadable', `Cannot read ${path}: ${code ?? String(cause)}`, {
    cause,
    details: { source: path },
  });
}
