import { CairnError } from '../errors.js';

/**
 * Standard input's bytes, refused with `input_too_large` once more than
 * `maxBytes` have come: a pipe has no size to check before reading.
 */
export async function readBoundedStdin(
  stdin: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw new CairnError(
        'input_too_large',
        `standard input is over the limit of ${maxBytes} bytes (--max-bytes)`,
        { details: { source: '-', max_bytes: maxBytes } },
      );
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts, total);
}
