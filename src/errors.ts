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
