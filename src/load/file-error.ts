import { CairnError } from '../errors.js';
import { hasUndecodableName, undecodableNameError } from './undecodable-name.js';

export interface FileErrorOptions {
  /** The message when nothing is at the path; the `unreadable` one unless given. */
  missing?: string;
  /**
   * The message for any other failure, from the errno code (or the error
   * itself when it has none); `Cannot read <source>: <code>` unless given.
   */
  unreadable?: (reason: string) => string;
}

/**
 * The `CairnError` for a Node file-system failure on `source` (the path as
 * the caller shows it): `file_not_found` when nothing is there (ENOENT),
 * else `file_unreadable`, the original error as `cause`. A `CairnError`
 * passes through unchanged, so one try block may also throw its own.
 */
export function fileError(
  cause: unknown,
  source: string,
  options: FileErrorOptions = {},
): CairnError {
  if (cause instanceof CairnError) return cause;
  const code = (cause as NodeJS.ErrnoException | null)?.code;
  const reason = code ?? String(cause);
  const unreadable = options.unreadable?.(reason) ?? `Cannot read ${source}: ${reason}`;
  const missing = code === 'ENOENT';
  if (missing && hasUndecodableName(source)) return undecodableNameError(source, cause);
  return new CairnError(
    missing ? 'file_not_found' : 'file_unreadable',
    missing ? (options.missing ?? unreadable) : unreadable,
    { cause, details: { source } },
  );
}
