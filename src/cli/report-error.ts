import { CairnError, ERROR_STATUS } from '../errors.js';
import { terminalSafe } from '../terminal-safe.js';

/** The exit status an error calls for (`ERROR_STATUS`); anything not a `CairnError` is a bug, exit 1. */
export function exitCodeFor(error: unknown): number {
  return error instanceof CairnError ? ERROR_STATUS[error.code].exit : 1;
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
