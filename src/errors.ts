/**
 * Misuse, bad input and environment failures throw `CairnError`. The codes are
 * stable: callers, the CLI's exit codes and the HTTP statuses key on them.
 */
export const ERROR_CODES = [
  'file_not_found',
  'file_unreadable',
  'unsupported_format',
  'input_too_large',
  'invalid_utf8',
  'binary_input',
  'unsupported_encoding',
  'invalid_encoding',
  'malformed_json',
  'json_too_deep',
  'markdown_too_deep',
  'malformed_notebook',
  'pdf_encrypted',
  'pdf_no_text',
  'pdf_malformed',
  'parse_timeout',
  'worker_out_of_memory',
  // a thread that served the request died under it (cairn serve's search workers); it is replaced
  'worker_died',
  'invalid_option',
  'internal_invariant',
  // the caller stopped the run (Ctrl-C, an AbortSignal): what was written before is stored
  'interrupted',
  'malformed_chunk_id',
  'invalid_json_pointer',
  'unknown_chunker',
  'content_too_large',
  'too_many_chunks',
  'store_unavailable',
  'store_readonly',
  'store_full',
  'store_busy',
  'store_conflict',
  'store_corrupt',
  'store_schema_mismatch',
  'store_unsupported_value',
  'store_error',
  'chunk_not_found',
  'document_not_found',
  // a chunk whose version keeps no page geometry (not a PDF, or stored before geometry was kept), or a version without its source
  'layout_not_found',
  'redirect_loop',
  'no_ear_content',
  'no_questions',
  // a gold set with lines the loader refused (each with its line number in details.issues)
  'invalid_gold_set',
  'too_few_revisions',
  'duplicate_doc_id',
  'empty_query',
  // a prompt asked of a store that has nothing for the question
  'no_hits',
  'analyzer_mismatch',
  'mismatch_index_hash',
  // an answer to audit is JSON of no citation shape cairn reads
  'unknown_answer_shape',
  // embedding: the provider cannot be reached or refuses (after retries), throttles past the retries, or answers nonsense
  'embedder_unavailable',
  'embedder_rate_limited',
  'embedder_bad_response',
  // a second-stage reranker that cannot be reached, answers past its timeout, or answers nonsense or too much
  'reranker_unavailable',
  'reranker_bad_response',
  'response_too_large',
  // a query embedded by another embedder than the one the index was built with
  'embed_model_mismatch',
  // vector or hybrid search over chunks no embedder has embedded yet (run cairn embed)
  'no_vectors',
  // a search's trace log file cannot be written (a folder, a path under a file, no permission)
  'trace_log_unwritable',
  // an output file a command was told to write (export corpus --out) cannot be written
  'output_unwritable',
  // HTTP service
  'unauthorized',
  'forbidden',
  'writes_disabled',
  'path_outside_root',
  'body_too_large',
  'unsupported_media_type',
  'route_not_found',
  'method_not_allowed',
  'headers_too_large',
  'malformed_request',
  'request_timeout',
  'host_not_allowed',
  'cross_site_refused',
  'address_in_use',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What each code answers with: the HTTP status `cairn serve` sends, and the
 * exit status of the CLI. Exit 2 is a usage or configuration problem (a bad
 * option, an unreadable file, a store that cannot be opened or written, an
 * embedder that cannot be used); exit 1 is a problem found in the input;
 * 130 (128 + SIGINT) a run Ctrl-C stopped. HTTP 500 means the server's own
 * failure: it answers `internal_error` and logs the real code, whose message
 * may name files and drivers. Typed as a full `Record`, so a new code cannot
 * compile without its row.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, { http: number; exit: number }>> = {
  file_not_found: { http: 404, exit: 2 },
  // a named path that is no regular file, or one the process may not read: the request's fault
  file_unreadable: { http: 422, exit: 2 },
  unsupported_format: { http: 400, exit: 2 },
  input_too_large: { http: 413, exit: 1 },
  invalid_utf8: { http: 400, exit: 1 },
  binary_input: { http: 400, exit: 1 },
  unsupported_encoding: { http: 400, exit: 1 },
  invalid_encoding: { http: 400, exit: 1 },
  malformed_json: { http: 400, exit: 1 },
  json_too_deep: { http: 400, exit: 1 },
  // the content was read but is not something cairn can chunk
  markdown_too_deep: { http: 422, exit: 1 },
  malformed_notebook: { http: 422, exit: 1 },
  pdf_encrypted: { http: 422, exit: 1 },
  pdf_no_text: { http: 422, exit: 1 },
  pdf_malformed: { http: 422, exit: 1 },
  parse_timeout: { http: 422, exit: 1 },
  // the file needed more memory than a worker may use: too large in effect
  worker_out_of_memory: { http: 413, exit: 1 },
  // the search worker died under the request; a new one answers the next
  worker_died: { http: 503, exit: 1 },
  invalid_option: { http: 400, exit: 2 },
  internal_invariant: { http: 500, exit: 1 },
  interrupted: { http: 500, exit: 130 },
  malformed_chunk_id: { http: 400, exit: 1 },
  invalid_json_pointer: { http: 400, exit: 1 },
  unknown_chunker: { http: 400, exit: 2 },
  content_too_large: { http: 413, exit: 1 },
  too_many_chunks: { http: 413, exit: 1 },
  // the store named by --db or CAIRN_DB: missing, unreachable, damaged, read-only or too new,
  // or one that cannot be written now (out of space, locked past the wait, a conflicting
  // writer, a driver failure): a store failure, not a problem in the input
  store_unavailable: { http: 503, exit: 2 },
  store_readonly: { http: 503, exit: 2 },
  store_full: { http: 507, exit: 2 },
  store_busy: { http: 503, exit: 2 },
  store_conflict: { http: 409, exit: 2 },
  store_corrupt: { http: 500, exit: 2 },
  store_schema_mismatch: { http: 500, exit: 2 },
  // a value the store cannot hold is the input's
  store_unsupported_value: { http: 400, exit: 1 },
  store_error: { http: 500, exit: 2 },
  chunk_not_found: { http: 404, exit: 1 },
  document_not_found: { http: 404, exit: 1 },
  layout_not_found: { http: 404, exit: 1 },
  redirect_loop: { http: 409, exit: 1 },
  no_ear_content: { http: 500, exit: 1 },
  no_questions: { http: 500, exit: 1 },
  invalid_gold_set: { http: 500, exit: 1 },
  too_few_revisions: { http: 500, exit: 1 },
  duplicate_doc_id: { http: 500, exit: 1 },
  // a blank query or a pinned analyzer, index or embedder the store does not have: the caller's settings
  empty_query: { http: 400, exit: 2 },
  no_hits: { http: 500, exit: 1 },
  analyzer_mismatch: { http: 409, exit: 2 },
  mismatch_index_hash: { http: 409, exit: 2 },
  unknown_answer_shape: { http: 400, exit: 1 },
  // the embedding provider failed or throttled past the retries
  embedder_unavailable: { http: 502, exit: 2 },
  embedder_rate_limited: { http: 503, exit: 2 },
  embedder_bad_response: { http: 502, exit: 2 },
  reranker_unavailable: { http: 502, exit: 2 },
  reranker_bad_response: { http: 502, exit: 2 },
  response_too_large: { http: 502, exit: 2 },
  embed_model_mismatch: { http: 409, exit: 2 },
  no_vectors: { http: 409, exit: 2 },
  trace_log_unwritable: { http: 500, exit: 2 },
  output_unwritable: { http: 500, exit: 2 },
  unauthorized: { http: 401, exit: 1 },
  forbidden: { http: 403, exit: 1 },
  writes_disabled: { http: 403, exit: 1 },
  path_outside_root: { http: 403, exit: 1 },
  body_too_large: { http: 413, exit: 1 },
  unsupported_media_type: { http: 415, exit: 1 },
  route_not_found: { http: 404, exit: 1 },
  method_not_allowed: { http: 405, exit: 1 },
  headers_too_large: { http: 431, exit: 1 },
  malformed_request: { http: 400, exit: 1 },
  request_timeout: { http: 408, exit: 1 },
  host_not_allowed: { http: 403, exit: 1 },
  cross_site_refused: { http: 403, exit: 1 },
  // cairn serve on a port another process holds
  address_in_use: { http: 500, exit: 2 },
  internal_error: { http: 500, exit: 1 },
};

export interface CairnErrorDetails {
  /** Source path or URL the error is about. */
  source?: string;
  /** Byte offset into the source where the problem was found. */
  byte_offset?: number;
  /** Line and column (1-based) where known. */
  line?: number;
  column?: number;
  [key: string]: unknown;
}

export class CairnError extends Error {
  override readonly name = 'CairnError';
  readonly code: ErrorCode;
  readonly details: CairnErrorDetails;

  constructor(
    code: ErrorCode,
    message: string,
    options: { cause?: unknown; details?: CairnErrorDetails } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details ?? {};
  }

  toJSON(): { code: ErrorCode; message: string; details: CairnErrorDetails } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export function isCairnError(value: unknown, code?: ErrorCode): value is CairnError {
  return value instanceof CairnError && (code === undefined || value.code === code);
}
