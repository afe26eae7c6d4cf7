import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CairnError, type ErrorCode } from '../errors.js';

/** The caller sent something wrong; asking again unchanged will not help. */
const BAD_REQUEST: readonly ErrorCode[] = [
  'invalid_option',
  'malformed_json',
  'json_too_deep',
  'empty_query',
  'malformed_chunk_id',
  'invalid_json_pointer',
  'unknown_chunker',
  'unsupported_format',
  'invalid_utf8',
  'binary_input',
  'unsupported_encoding',
  'invalid_encoding',
  'malformed_request',
  'unknown_answer_shape',
  // a value the store cannot hold (a NUL character in PostgreSQL text): the caller's to change
  'store_unsupported_value',
];

const STATUS: Partial<Record<ErrorCode, ContentfulStatusCode>> = {
  ...Object.fromEntries(BAD_REQUEST.map((code) => [code, 400])),
  unauthorized: 401,
  forbidden: 403,
  writes_disabled: 403,
  path_outside_root: 403,
  host_not_allowed: 403,
  cross_site_refused: 403,
  file_not_found: 404,
  chunk_not_found: 404,
  document_not_found: 404,
  layout_not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  // the caller pinned an index or analyzer the store no longer has
  analyzer_mismatch: 409,
  mismatch_index_hash: 409,
  embed_model_mismatch: 409,
  no_vectors: 409,
  store_conflict: 409,
  redirect_loop: 409,
  input_too_large: 413,
  body_too_large: 413,
  content_too_large: 413,
  too_many_chunks: 413,
  // the file needed more memory than a worker may use: too large in effect
  worker_out_of_memory: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  // a path under the root that is no regular readable file (a FIFO, a socket, no permission)
  file_unreadable: 422,
  // the content was read but is not something cairn can chunk
  malformed_notebook: 422,
  markdown_too_deep: 422,
  pdf_encrypted: 422,
  pdf_no_text: 422,
  pdf_malformed: 422,
  parse_timeout: 422,
  store_readonly: 503,
  store_unavailable: 503,
  store_busy: 503,
  // the search worker died under the request; a new one answers the next
  worker_died: 503,
  store_full: 507,
  // the embedding provider behind the server failed or throttled past the retries
  embedder_unavailable: 502,
  embedder_bad_response: 502,
  embedder_rate_limited: 503,
};

/** The statuses codes map to; a code not listed here answers 500 `internal_error`. */
export const HTTP_STATUS: Readonly<Partial<Record<ErrorCode, ContentfulStatusCode>>> = STATUS;

function statusFor(code: ErrorCode): ContentfulStatusCode {
  return STATUS[code] ?? 500;
}

/**
 * What a caller hears of a store failure (any mapped `store_` code): the
 * store's own messages name the database file or URL and quote the
 * driver, and its details carry both, so the code goes out with one of
 * these and no details.
 */
const STORE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  store_busy: 'The store is locked by another writer; try again shortly',
  store_unavailable: 'The store cannot be opened or read; see the server log',
  store_readonly: 'The store is read-only; see the server log',
  store_full: 'The store is out of space; see the server log',
  store_conflict: 'The write conflicts with what the store holds; see the server log',
  store_unsupported_value:
    'The request holds a value the store cannot hold (a NUL character); remove it and try again',
};
const STORE_MESSAGE = 'The store failed; see the server log';

const INTERNAL_MESSAGE = 'The server failed to answer; see its log';

interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/**
 * The JSON every failure answers with: the stable code and a message.
 * A `CairnError` whose code has a status goes out with its code (a store
 * failure with a fixed message, see `STORE_MESSAGES`); anything else, a
 * `CairnError` of an unmapped code included, is logged here and answered
 * with `internal_error` alone, so no stack trace, server path or driver
 * message leaves the server.
 */
export function errorResponse(c: Context, error: unknown, log: (line: string) => void): Response {
  if (error instanceof CairnError && STATUS[error.code] !== undefined) {
    const status = statusFor(error.code);
    const storeMessage = error.code.startsWith('store_')
      ? (STORE_MESSAGES[error.code] ?? STORE_MESSAGE)
      : undefined;
    if (status >= 500 || storeMessage !== undefined) {
      log(`cairn serve: ${error.code}: ${error.message}`);
    }
    const body: ErrorBody = {
      error:
        storeMessage === undefined
          ? { code: error.code, message: error.message, ...publicDetails(error) }
          : { code: error.code, message: storeMessage },
    };
    if (error.code === 'unauthorized') c.header('WWW-Authenticate', 'Bearer realm="cairn"');
    return c.json(body, status);
  }
  // a code with no status (store_error, store_corrupt, internal_invariant, ...) is the server's
  // own failure: its message names files and drivers, so it goes to the log only
  log(
    `cairn serve: ${error instanceof CairnError ? `${error.code}: ` : 'unexpected error: '}${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  const body: ErrorBody = { error: { code: 'internal_error', message: INTERNAL_MESSAGE } };
  return c.json(body, 500);
}

/** Details name inputs (a chunk ID, a limit); a server-side path or a cause could say more than the caller should learn. */
function publicDetails(error: CairnError): { details?: Record<string, unknown> } {
  const { source: _source, location: _location, driver_code: _driver, ...rest } = error.details;
  return Object.keys(rest).length === 0 ? {} : { details: rest };
}
