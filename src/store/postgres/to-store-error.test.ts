import { describe, expect, test } from 'vitest';
import { toPostgresStoreError } from './to-store-error.js';

const pgError = (code: string, message = 'server says no') =>
  Object.assign(new Error(message), { code });

describe('toPostgresStoreError', () => {
  test.each([
    ['23505', 'store_conflict'],
    ['23503', 'store_conflict'],
    ['53100', 'store_full'],
    ['53200', 'store_full'],
    ['25006', 'store_readonly'],
    ['42501', 'store_readonly'],
    ['40001', 'store_busy'],
    ['40P01', 'store_busy'],
    ['57P01', 'store_unavailable'],
    ['08006', 'store_unavailable'],
    ['28P01', 'store_unavailable'],
    ['3D000', 'store_unavailable'],
    ['22021', 'store_unsupported_value'],
    ['XX001', 'store_corrupt'],
    ['42P01', 'store_error'],
    ['ECONNREFUSED', 'store_unavailable'],
  ])('%s is %s, with the driver error as cause', (driverCode, code) => {
    const cause = pgError(driverCode);
    const error = toPostgresStoreError(cause, 'postgres://h/db');
    expect(error.code).toBe(code);
    expect(error.cause).toBe(cause);
  });

  test('a connection that cannot be set up as the URL asks (sslmode against a server without TLS, a certificate refused) is store_unavailable', () => {
    // pg's words when ?sslmode=require meets a server without SSL (measured against the test server)
    const noSsl = new Error('The server does not support SSL connections');
    expect(toPostgresStoreError(noSsl, 'x').code).toBe('store_unavailable');
    const selfSigned = Object.assign(new Error('self-signed certificate'), {
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    expect(toPostgresStoreError(selfSigned, 'x').code).toBe('store_unavailable');
  });

  test('a connection lost without a code is store_unavailable', () => {
    expect(toPostgresStoreError(new Error('Connection terminated unexpectedly'), 'x').code).toBe(
      'store_unavailable',
    );
  });
});
