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
];

const STATUS: Partial<Record<ErrorCode, ContentfulStatusCode>> = {
  ...Object.fromEntries(BAD_REQUEST.map((code) => [code, 400])),
  unauthorized: 401,
  forbidden: 403,
  writes_disabled: 403,
  path_outside_root: 403,
  host_not_allowed: 403,
  file_not_found: 404,
  chunk_not_found: 404,
  document_not_found: 404,
  route_not_found: 404,
  // the caller pinned an index or analyzer the store no longer has
  analyzer_mismatch: 409,
  mismatch_index_hash: 409,
  store_conflict: 409,
  redirect_loop: 409,
  input_too_large: 413,
  body_too_large: 413,
  content_too_large: 413,
  too_many_chunks: 413,
  unsupported_media_type: 415,
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
  store_full: 507,
};

export function statusFor(code: ErrorCode): ContentfulStatusCode {
  return STATUS[code] ?? 500;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/**
 * The JSON every failure answers with: the stable code and a message.
 * Anything that is not a `CairnError` is logged here and answered with
 * `internal_error` alone, so no stack trace or driver message leaves the
 * server.
 */
export function errorResponse(c: Context, error: unknown, log: (line: string) => void): Response {
  if (error instanceof CairnError) {
    const status = statusFor(error.code);
    if (status >= 500) log(`cairn serve: ${error.code}: ${error.message}`);
    const body: ErrorBody = {
      error: { code: error.code, message: error.message, ...publicDetails(error) },
    };
    if (error.code === 'unauthorized') c.header('WWW-Authenticate', 'Bearer realm="cairn"');
    return c.json(body, status);
  }
  log(
    `cairn serve: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  const body: ErrorBody = {
    error: { code: 'internal_error', message: 'The server failed to answer; see its log' },
  };
  return c.json(body, 500);
}

/** Details name inputs (a chunk ID, a limit); a server-side path or a cause could say more than the caller should learn. */
function publicDetails(error: CairnError): { details?: Record<string, unknown> } {
  const { source: _source, ...rest } = error.details;
  return Object.keys(rest).length === 0 ? {} : { details: rest };
}
