import { CairnError } from '../errors.js';
import { binaryKind } from '../load/decode-text.js';
import { DEFAULT_MAX_BYTES, type ParseInput } from './parse-input.js';

/** Refuses a source over the size limit before any parser allocates for it. */
export function checkSize(input: ParseInput): void {
  const max = input.options?.max_bytes ?? DEFAULT_MAX_BYTES;
  if (input.bytes.length > max) {
    throw new CairnError(
      'input_too_large',
      `${input.source_url} is ${input.bytes.length} bytes, over the limit of ${max}`,
      { details: { source: input.source_url, bytes: input.bytes.length, max_bytes: max } },
    );
  }
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
