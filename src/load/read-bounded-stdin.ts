import { CairnError } from '../errors.js';

export interface ReadBoundedStdinOptions {
  /** Refuse the input once more than this many bytes have come. */
  max_bytes: number;
  /** The option or flag that sets `max_bytes`, named in the refusal (`--max-bytes`). */
  limit_name?: string;
}

/**
 * Standard input's bytes, refused with `input_too_large` once more than
 * `max_bytes` have come: a pipe has no size to check before reading.
 */
export async function readBoundedStdin(
  stdin: AsyncIterable<Uint8Array>,
  options: ReadBoundedStdinOptions,
): Promise<Uint8Array> {
  const { max_bytes: maxBytes, limit_name: limitName } = options;
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw new CairnError(
        'input_too_large',
        `standard input is over the limit of ${maxBytes} bytes${limitName === undefined ? '' : ` (${limitName})`}`,
        { details: { source: '-', max_bytes: maxBytes } },
      );
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts, total);
}
