import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CairnError } from '../index.js';

/**
 * A tool call that failed, as a result the model reads and can correct
 * (`isError`), never a protocol error: the text leads with cairn's stable
 * code, and `_meta` carries the error as `CairnError.toJSON()` gives it.
 * Anything but a CairnError is a bug: it is `internal_error`, its stack on stderr.
 */
export function toolError(error: unknown): CallToolResult {
  const known =
    error instanceof CairnError
      ? error
      : new CairnError(
          'internal_error',
          `The tool failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        );
  if (!(error instanceof CairnError)) {
    process.stderr.write(
      `cairn mcp: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  return {
    isError: true,
    content: [{ type: 'text', text: `${known.code}: ${known.message}` }],
    _meta: { 'cairn/error': known.toJSON() },
  };
}
