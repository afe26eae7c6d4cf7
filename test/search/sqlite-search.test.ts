import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../src/store/open-store.js';
import { describeSearchConformance } from './search-conformance.js';

describeSearchConformance('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-search-'));
  const db = join(dir, 'cairn.db');
  return {
    open: () => openStore({ db }),
    query: async <T>(sql: string) => {
      const raw = new Database(db, { readonly: true });
      try {
        return raw.prepare(sql.replaceAll('{t}', '')).all() as T[];
      } finally {
        raw.close();
      }
    },
    exec: async (sql: string) => {
      const raw = new Database(db);
      try {
        raw.exec(sql.replaceAll('{t}', ''));
      } finally {
        raw.close();
      }
    },
    analyzer: 'sqlite-fts5:porter:unicode61:remove_diacritics=2',
    default_trace_log: join(dir, 'traces.log'),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
