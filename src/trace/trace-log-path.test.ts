import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { StoreCapabilities } from '../store/types.js';
import { traceLogPath } from './trace-log-path.js';

const storeAt = (file_path: string | null) => ({
  capabilities: { lexical_engine: 'fts5', blocking_writes: true, file_path } as StoreCapabilities,
});

test('traces.log beside a database file; none for a store without one; the caller’s choice first', () => {
  const file = join('/data', 'cairn', 'cairn.db');
  expect(traceLogPath(storeAt(file), undefined)).toBe(join('/data', 'cairn', 'traces.log'));
  // in memory or a PostgreSQL server: no file on this machine to put a log beside
  expect(traceLogPath(storeAt(null), undefined)).toBeNull();
  expect(traceLogPath(storeAt(file), false)).toBeNull();
  expect(traceLogPath(storeAt(null), '/tmp/mine.log')).toBe('/tmp/mine.log');
});
