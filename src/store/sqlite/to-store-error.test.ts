import { describe, expect, test } from 'vitest';
import { toSqliteStoreError } from './to-store-error.js';

const sqliteError = (code: string) => Object.assign(new Error(`sqlite says ${code}`), { code });

describe('toSqliteStoreError', () => {
  test.each([
    ['SQLITE_READONLY', 'store_readonly'],
    ['SQLITE_READONLY_DBMOVED', 'store_readonly'],
    ['SQLITE_FULL', 'store_full'],
    ['SQLITE_BUSY', 'store_busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'store_busy'],
    ['SQLITE_CONSTRAINT_UNIQUE', 'store_conflict'],
    ['SQLITE_CORRUPT', 'store_corrupt'],
    ['SQLITE_NOTADB', 'store_corrupt'],
    ['SQLITE_CANTOPEN', 'store_unavailable'],
    ['SQLITE_IOERR_WRITE', 'store_unavailable'],
    ['SQLITE_TOOBIG', 'store_unsupported_value'],
    ['SQLITE_ERROR', 'store_error'],
  ])('%s is %s, with the driver error as cause', (driverCode, code) => {
    const cause = sqliteError(driverCode);
    const error = toSqliteStoreError(cause, '/x/cairn.db');
    expect(error.code).toBe(code);
    expect(error.cause).toBe(cause);
    expect(error.details).toMatchObject({
      backend: 'sqlite',
      driver_code: driverCode,
      location: '/x/cairn.db',
    });
  });

  test('a read-only folder says what SQLite needs there and what to do', () => {
    const error = toSqliteStoreError(sqliteError('SQLITE_READONLY_DIRECTORY'), '/ro/cairn.db');
    expect(error.code).toBe('store_readonly');
    expect(error.message).toContain('its folder is read-only');
    expect(error.message).toContain('copy the database to a writable folder');
  });
});
