import { CairnError, type ErrorCode } from '../errors.js';
import { terminalSafe } from '../terminal-safe.js';

/**
 * Usage and configuration problems exit 2 (a bad option, an unreadable
 * file, a store that cannot be opened or written); problems found in the
 * input exit 1; a run stopped by Ctrl-C (`interrupted`) exits 130.
 */
const USAGE_CODES: ReadonlySet<ErrorCode> = new Set([
  'file_not_found',
  'file_unreadable',
  'unsupported_format',
  'invalid_option',
  'unknown_chunker',
  // the store named by --db or CAIRN_DB: missing, unreachable, damaged, read-only or too new
  'store_unavailable',
  'store_corrupt',
  'store_readonly',
  'store_schema_mismatch',
  // a store that cannot be written now (out of space, locked past the wait, a conflicting
  // writer, a driver failure): a store failure, not a problem in the input
  'store_full',
  'store_busy',
  'store_conflict',
  'store_error',
  // a blank query or a pinned analyzer/index the store does not have: the caller's settings
  'empty_query',
  'analyzer_mismatch',
  'mismatch_index_hash',
  // --embedder names a server that cannot be used, or another embedder than the index's; no vectors yet
  'embedder_unavailable',
  'embedder_rate_limited',
  'embedder_bad_response',
  'embed_model_mismatch',
  'no_vectors',
  // --trace-log (or traces.log beside the database) names a file that cannot be written
  'trace_log_unwritable',
  'output_unwritable',
  // cairn serve on a port another process holds
  'address_in_use',
]);

/** 128 + SIGINT, as shells report a command that Ctrl-C ended. */
const INTERRUPTED_EXIT = 130;

export function exitCodeFor(error: unknown): number {
  if (error instanceof CairnError && error.code === 'interrupted') return INTERRUPTED_EXIT;
  if (error instanceof CairnError) return USAGE_CODES.has(error.code) ? 2 : 1;
  return 1;
}

/**
 * Writes an error to stderr (a `CairnError` as JSON with `json`; anything
 * else, a bug, with its stack) and returns the exit status it calls for.
 */
export function reportError(error: unknown, options: { json?: boolean } = {}): number {
  if (error instanceof CairnError) {
    if (options.json) process.stderr.write(`${JSON.stringify({ error: error.toJSON() })}\n`);
    else process.stderr.write(`cairn: ${error.code}: ${terminalSafe(error.message)}\n`);
  } else {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`cairn: unexpected error: ${message}\n`);
  }
  return exitCodeFor(error);
}

/**
 * For commands that run apart from commander (`run...(file, flags, io)`):
 * a `CairnError` is written to `io.stderr` (as JSON with `--json`) and
 * becomes the exit status; anything else is a bug and is rethrown, so the
 * CLI's top level prints it with its stack.
 */
export function reportCommandError(
  error: unknown,
  io: { stderr: { write(text: string): unknown } },
  json: boolean | undefined,
): number {
  if (!(error instanceof CairnError)) throw error;
  io.stderr.write(
    json
      ? `${JSON.stringify({ error: error.toJSON() })}\n`
      : `cairn: ${error.code}: ${terminalSafe(error.message)}\n`,
  );
  return exitCodeFor(error);
}
