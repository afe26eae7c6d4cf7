import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { describeVectorConformance } from './vector-conformance.js';

describeVectorConformance('SQLite (sqlite-vec)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-vectors-'));
  const db = join(dir, 'cairn.db');
  return {
    open: (options = {}) => openStore({ db, ...options }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('the SQLite driver', () => {
  it('loads sqlite-vec into better-sqlite3 (vector scoring runs in its C code)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-vec-'));
    try {
      const Database = (await import('better-sqlite3')).default;
      const sqliteVec = await import('sqlite-vec');
      const db = new Database(join(dir, 'x.db'));
      sqliteVec.load(db);
      const row = db.prepare('SELECT vec_version() AS v').get() as { v: string };
      expect(row.v).toMatch(/^v0\./);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
