import {
  type CorpusValidationOptions,
  type CorpusValidationResult,
  createCorpusValidator,
} from './create-corpus-validator.js';
import {
  createJsonlSplitter,
  type JsonlLine,
  type SplitJsonlOptions,
} from './split-jsonl-lines.js';

export type ValidateCorpusOptions = CorpusValidationOptions & SplitJsonlOptions;

/**
 * Validates a `retrieval-corpus.v1` JSONL byte stream (a file, stdin, a
 * response body) in bounded memory. Problems in the data come back as
 * issues; only a failing stream rejects.
 */
export async function validateCorpusStream(
  chunks: AsyncIterable<Uint8Array>,
  options: ValidateCorpusOptions = {},
): Promise<CorpusValidationResult> {
  const validator = createCorpusValidator(options);
  const splitter = createJsonlSplitter(options);
  const push = (lines: JsonlLine[]): void => {
    for (const line of lines) {
      if ('text' in line) validator.pushLine(line.text);
      else validator.pushUnreadableLine(line);
    }
  };
  for await (const chunk of chunks) push(splitter.write(chunk));
  push(splitter.end());
  return validator.finish();
}

/** Validates a JSONL corpus held in memory (tests, small corpora). */
export async function validateCorpusText(
  text: string,
  options: ValidateCorpusOptions = {},
): Promise<CorpusValidationResult> {
  async function* once(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(text, 'utf8');
  }
  return validateCorpusStream(once(), options);
}
