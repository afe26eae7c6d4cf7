import { CairnError, ERROR_CODES, type ErrorCode } from '../errors.js';

export interface SerializedError {
  code: string;
  message: string;
  details: Record<string, unknown>;
  stack?: string;
}

/** An error as plain data, to cross a worker thread boundary. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof CairnError)
    return { code: error.code, message: error.message, details: error.details };
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: 'internal_invariant',
    message,
    details: {},
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
  };
}

export function deserializeError(data: SerializedError): CairnError {
  const code = (ERROR_CODES as readonly string[]).includes(data.code)
    ? (data.code as ErrorCode)
    : 'internal_invariant';
  const error = new CairnError(code, data.message, { details: data.details });
  if (data.stack) error.stack = data.stack;
  return error;
}
