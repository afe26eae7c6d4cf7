import { isUtf8 } from 'node:buffer';
import type { UnreadableLine } from './create-corpus-validator.js';

export interface SplitJsonlOptions {
  /** Lines over this many bytes are reported, not buffered. Default 64 MiB. */
  max_line_bytes?: number;
}

export type JsonlLine = { text: string } | UnreadableLine;

const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface JsonlSplitter {
  /** The lines this chunk completes, in order. */
  write(chunk: Uint8Array): JsonlLine[];
  /** The last line, if the input does not end with a line break. */
  end(): JsonlLine[];
}

/**
 * Splits bytes into JSONL lines (LF, with an optional CR before it), each
 * decoded as strict UTF-8; a byte order mark opening the input is dropped.
 * Memory is bounded by the longest line kept: a line over `max_line_bytes`
 * is skipped to its end and reported, never buffered whole. A final line
 * without a line break counts; the empty string after a final break does not.
 * Lines come back per chunk, not one promise each: at a million lines that
 * difference is a third of the validator's time.
 */
export function createJsonlSplitter(options: SplitJsonlOptions = {}): JsonlSplitter {
  const maxBytes = options.max_line_bytes ?? DEFAULT_MAX_LINE_BYTES;
  let parts: Buffer[] = [];
  let partBytes = 0;
  let overflow = false;
  let first = true;

  const take = (tail: Buffer): JsonlLine => {
    const atStart = first;
    first = false;
    const total = partBytes + tail.length;
    if (overflow || total > maxBytes) {
      parts = [];
      partBytes = 0;
      overflow = false;
      return { code: 'line_too_long', bytes: total, max_bytes: maxBytes };
    }
    let bytes = parts.length === 0 ? tail : Buffer.concat([...parts, tail], total);
    parts = [];
    partBytes = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, -1);
    if (atStart && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      bytes = bytes.subarray(3);
    }
    if (!isUtf8(bytes)) return { code: 'invalid_utf8' };
    return { text: bytes.toString('utf8') };
  };

  return {
    write(chunk: Uint8Array): JsonlLine[] {
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const out: JsonlLine[] = [];
      let from = 0;
      while (from < buffer.length) {
        const newline = buffer.indexOf(0x0a, from);
        if (newline < 0) {
          const rest = buffer.subarray(from);
          if (overflow || partBytes + rest.length > maxBytes) {
            // keep counting the line's length without keeping its bytes
            overflow = true;
            parts = [];
          } else {
            // copy: the stream may reuse its chunk
            parts.push(Buffer.from(rest));
          }
          partBytes += rest.length;
          break;
        }
        out.push(take(buffer.subarray(from, newline)));
        from = newline + 1;
      }
      return out;
    },
    end(): JsonlLine[] {
      return partBytes > 0 || overflow ? [take(Buffer.alloc(0))] : [];
    },
  };
}

/** `createJsonlSplitter` over an async byte stream, one line at a time. */
export async function* splitJsonlLines(
  chunks: AsyncIterable<Uint8Array>,
  options: SplitJsonlOptions = {},
): AsyncGenerator<JsonlLine> {
  const splitter = createJsonlSplitter(options);
  for await (const chunk of chunks) yield* splitter.write(chunk);
  yield* splitter.end();
}
