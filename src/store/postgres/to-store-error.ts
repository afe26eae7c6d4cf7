import { CairnError, type ErrorCode } from '../../errors.js';

/** SQLSTATE codes (exact) mapped to neutral store codes. */
const BY_SQLSTATE: Record<string, ErrorCode> = {
  '25006': 'store_readonly', // read_only_sql_transaction (a hot standby, default_transaction_read_only)
  '42501': 'store_readonly', // insufficient_privilege
  '40001': 'store_busy', // serialization_failure
  '40P01': 'store_busy', // deadlock_detected
  '55P03': 'store_busy', // lock_not_available
  '57014': 'store_busy', // query_canceled (statement or lock timeout)
  '22021': 'store_unsupported_value', // character_not_in_repertoire: a NUL in text
  '22P05': 'store_unsupported_value', // untranslatable_character
  '54000': 'store_unsupported_value', // program_limit_exceeded: a value over 1 GB
  '3D000': 'store_unavailable', // invalid_catalog_name: no such database
  '3F000': 'store_unavailable', // invalid_schema_name
  XX001: 'store_corrupt', // data_corrupted
  XX002: 'store_corrupt', // index_corrupted
};

/** SQLSTATE classes (first two characters) for the rest. */
const BY_CLASS: Record<string, ErrorCode> = {
  '08': 'store_unavailable', // connection exception
  '28': 'store_unavailable', // invalid authorization
  '57': 'store_unavailable', // operator intervention: admin shutdown, crash shutdown, cannot connect now
  '53': 'store_full', // insufficient resources: disk full, out of memory, too many connections
  '23': 'store_conflict', // integrity constraint violation
};

/** Node socket errors and pg's own messages when the connection goes away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  // TLS set-up: the server's certificate is not one the URL's sslmode accepts
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const CONNECTION_LOST =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed|server does not support SSL/i;

export function toPostgresStoreError(error: unknown, location: string): CairnError {
  if (error instanceof CairnError) return error;
  const code =
    typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const message = error instanceof Error ? error.message : String(error);
  let neutral: ErrorCode;
  if (code === '53100') neutral = 'store_full';
  else if (BY_SQLSTATE[code]) neutral = BY_SQLSTATE[code]!;
  else if (/^[0-9A-Z]{5}$/.test(code) && BY_CLASS[code.slice(0, 2)])
    neutral = BY_CLASS[code.slice(0, 2)]!;
  else if (NETWORK_CODES.has(code) || CONNECTION_LOST.test(message)) neutral = 'store_unavailable';
  else neutral = 'store_error';
  return new CairnError(
    neutral,
    `PostgreSQL at ${location}: ${message}${code ? ` (${code})` : ''}`,
    {
      cause: error,
      details: { backend: 'postgres', location, driver_code: code || null },
    },
  );
}
