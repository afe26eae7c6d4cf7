import { checkCount } from '../check-count.js';
import { CairnError } from '../errors.js';
import { countCodePoints } from '../load/count-code-points.js';
import { binaryKind } from '../load/decode-text.js';
import { DEFAULT_MAX_BYTES, MAX_TEXT_CHARS, type ParseInput } from './parse-input.js';

/**
 * Refuses input of the wrong types, which TypeScript callers cannot pass but
 * JavaScript ones can: unchecked, a string for `bytes` throws "input.bytes.subarray
 * is not a function", a missing `source_url` Node's ERR_INVALID_ARG_TYPE.
 */
export function checkInputTypes(input: ParseInput): void {
  const bytes: unknown = input.bytes;
  if (!(bytes instanceof Uint8Array)) {
    throw new CairnError(
      'invalid_option',
      `bytes must be a Uint8Array (a Buffer), received ${kindOf(bytes)}`,
      { details: { option: 'bytes', received: kindOf(bytes) } },
    );
  }
  const source: unknown = input.source_url;
  if (typeof source !== 'string') {
    throw new CairnError(
      'invalid_option',
      `source_url must be a string, received ${kindOf(source)}`,
      {
        details: { option: 'source_url', received: kindOf(source) },
      },
    );
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return (value as object).constructor?.name ?? 'an object';
}

/** Refuses a source over the size limit before any parser allocates for it. */
export function checkSize(input: ParseInput): void {
  const max = input.options?.max_bytes ?? DEFAULT_MAX_BYTES;
  // NaN compares false with every size: let through, it would lift the limit
  checkCount('max_bytes', max, 0);
  if (input.bytes.length > max) {
    throw new CairnError(
      'input_too_large',
      `${input.source_url} is ${input.bytes.length} bytes, over the limit of ${max}`,
      { details: { source: input.source_url, bytes: input.bytes.length, max_bytes: max } },
    );
  }
}

/**
 * For every text format: refuses a source over `max_text_chars` code points
 * before the parser runs. Where the canonical text is the whole decoded
 * source (Markdown, eCFR, text) the chunkers would refuse it after; HTML,
 * JSON and notebooks hold no more text than their source, and their parsers
 * take many times its size in memory. Parsing such a file first took
 * minutes and gigabytes (a 212 MB Markdown file: 115 s, 4.6 GB; HTML the
 * same) only to be refused or to fail.
 */
export function checkTextSize(input: ParseInput): void {
  const max = input.options?.max_text_chars ?? MAX_TEXT_CHARS;
  checkCount('max_text_chars', max, 0);
  // every code point takes at least one byte: a source this small cannot be over
  if (input.bytes.length <= max) return;
  const chars = countCodePoints(input.bytes);
  if (chars <= max) return;
  throw new CairnError(
    'content_too_large',
    `${input.source_url} has ${chars} characters, over the limit of ${max} (max_content_chars); refused before parsing`,
    { details: { source: input.source_url, received: chars, max } },
  );
}

/** Refuses binary content handed to a text parser (a zip renamed .md, an image renamed .html). */
export function refuseBinary(bytes: Uint8Array, source: string): void {
  const kind = binaryKind(bytes);
  if (kind !== null) {
    throw new CairnError('binary_input', `${source} looks like ${kind} data, not text`, {
      details: { source, detected: kind },
    });
  }
}

/**
 * Refuses a given doc_uid that no chunk ID can carry (src/ids/escape-doc-uid.ts):
 * empty, or with a lone surrogate, which has no UTF-8 form. Refused before the
 * parse, not when the first ID is formatted after it.
 */
export function checkDocUid(docUid: string | undefined): void {
  if (docUid === undefined) return;
  const why =
    docUid === ''
      ? 'is empty'
      : /\p{Cs}/u.test(docUid)
        ? 'contains a lone surrogate, which UTF-8 cannot encode'
        : null;
  if (why !== null) {
    throw new CairnError('invalid_option', `doc_uid ${why}`, {
      details: { option: 'doc_uid', received: docUid },
    });
  }
}
