import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CairnError, ERROR_STATUS, type ErrorCode } from '../errors.js';

/**
 * The status a code answers with (`ERROR_STATUS`); 500 is the server's own
 * failure and answers `internal_error` instead of the code.
 */
function statusFor(code: ErrorCode): ContentfulStatusCode {
  return ERROR_STATUS[code].http as ContentfulStatusCode;
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
 * A `CairnError` whose code has a status other than 500 goes out with its
 * code (a store failure with a fixed message, see `STORE_MESSAGES`);
 * anything else, a `CairnError` whose status is 500 included, is logged here and answered
 * with `internal_error` alone, so no stack trace, server path or driver
 * message leaves the server.
 */
export function errorResponse(c: Context, error: unknown, log: (line: string) => void): Response {
  const status = error instanceof CairnError ? statusFor(error.code) : 500;
  if (error instanceof CairnError && status !== 500) {
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
  // a code of status 500 (store_error, store_corrupt, internal_invariant, ...) is the server's
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
