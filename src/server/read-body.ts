import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Context } from 'hono';
import { lineColumn } from '../cite/parse-answer-json.js';
import { scanJson, skipWhitespace } from '../cite/scan-json.js';
import { CairnError } from '../errors.js';

const DECODERS: Record<string, (input: Buffer, options: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/**
 * The request body as bytes, at most `maxBytes` of them after
 * decompression: a declared Content-Length over the limit is refused
 * unread, a stream is cut off at the limit, and a compressed body may not
 * inflate past it (zlib stops at `maxOutputLength`), so a small gzip bomb
 * costs no more memory than an honest body.
 */
export async function readBody(c: Context, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const raw = await readStream(c.req.raw.body, maxBytes);
  const encoding = (c.req.header('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return raw;
  const decode = DECODERS[encoding];
  if (!decode) {
    throw new CairnError(
      'unsupported_media_type',
      `Content-Encoding "${encoding.slice(0, 40)}" is not supported (gzip, deflate, br or none)`,
    );
  }
  try {
    return decode(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
      maxOutputLength: maxBytes,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(maxBytes);
    throw new CairnError('invalid_encoding', `The body is not valid ${encoding} data`, {
      cause: error,
    });
  }
}

/**
 * The body parsed as JSON, with the same limits; bad UTF-8 is `invalid_utf8`,
 * malformed JSON `malformed_json` with its line and column, as on the
 * validate routes.
 */
async function readJsonBody(c: Context, maxBytes: number): Promise<unknown> {
  const bytes = await readBody(c, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new CairnError('invalid_utf8', 'The body is not valid UTF-8', { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const start = skipWhitespace(text, 0);
    const scan = scanJson(text, start);
    // no scan error: the value ended and something follows it
    const position = scan.error?.position ?? skipWhitespace(text, scan.end);
    const detail = scan.error?.detail ?? 'Unexpected content after the JSON value';
    const { line, column } = lineColumn(text, position);
    throw new CairnError(
      'malformed_json',
      `The body is not JSON: ${detail} at line ${line} column ${column}`,
      { cause: error, details: { line, column, position } },
    );
  }
}

/** The body as a JSON object; anything else is `invalid_option` with `hint` saying what to send. */
export async function readJsonObject(
  c: Context,
  maxBytes: number,
  hint: string,
): Promise<Record<string, unknown>> {
  const value = await readJsonBody(c, maxBytes);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CairnError('invalid_option', `The body must be a JSON object: ${hint}`);
  }
  return value as Record<string, unknown>;
}

async function readStream(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    parts.push(value);
  }
  return Buffer.concat(parts, total);
}

function tooLarge(maxBytes: number): CairnError {
  return new CairnError(
    'body_too_large',
    `The request body is over the server's limit of ${maxBytes} bytes (after decompression)`,
    { details: { max_bytes: maxBytes } },
  );
}
