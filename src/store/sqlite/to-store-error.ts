import { CairnError, type ErrorCode } from '../../errors.js';

/**
 * SQLite result codes (primary code is the prefix of the extended one, e.g.
 * SQLITE_READONLY_DBMOVED) mapped to neutral store codes; the driver error
 * stays as `cause`.
 */
const BY_PRIMARY: Record<string, ErrorCode> = {
  SQLITE_READONLY: 'store_readonly',
  SQLITE_FULL: 'store_full',
  SQLITE_BUSY: 'store_busy',
  SQLITE_LOCKED: 'store_busy',
  SQLITE_CONSTRAINT: 'store_conflict',
  SQLITE_CORRUPT: 'store_corrupt',
  SQLITE_NOTADB: 'store_corrupt',
  SQLITE_CANTOPEN: 'store_unavailable',
  SQLITE_PERM: 'store_readonly',
  SQLITE_AUTH: 'store_unavailable',
  SQLITE_IOERR: 'store_unavailable',
  SQLITE_TOOBIG: 'store_unsupported_value',
};

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  store_readonly: 'the database is read-only',
  store_full: 'the disk or the database size limit is full',
  store_busy: 'the database stayed locked by another writer past the busy timeout',
  store_conflict: 'a write conflicts with a constraint',
  store_corrupt: 'the database file is damaged or not a database',
  store_unavailable: 'the database cannot be opened or read',
  store_unsupported_value: 'a value is too large for SQLite',
};

export function toSqliteStoreError(error: unknown, location: string): CairnError {
  if (error instanceof CairnError) return error;
  const code =
    typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? '';
  const neutral = BY_PRIMARY[primary] ?? 'store_error';
  const message = error instanceof Error ? error.message : String(error);
  const what =
    primary === 'SQLITE_READONLY' && code.endsWith('_DIRECTORY')
      ? 'its folder is read-only, and SQLite must make its -wal and -shm files there (copy the database to a writable folder)'
      : (MESSAGES[neutral] ?? 'the database failed');
  return new CairnError(
    neutral,
    `SQLite at ${location}: ${what} (${code || 'error'}: ${message})`,
    {
      cause: error,
      details: { backend: 'sqlite', location, driver_code: code || null },
    },
  );
}
