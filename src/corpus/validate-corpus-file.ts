import { createReadStream } from 'node:fs';
import { sourceFileError, statSourceFile } from '../load/stat-source-file.js';
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
  await statSourceFile(path);
  try {
    return await validateCorpusStream(createReadStream(path, { highWaterMark: 1 << 20 }), options);
  } catch (cause) {
    // only the file system's errors mean "unreadable"; anything else is a bug to surface as is
    if ((cause as NodeJS.ErrnoException | null)?.syscall === undefined) throw cause;
    throw sourceFileError(cause, path);
  }
}
