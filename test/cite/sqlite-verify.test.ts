import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../src/store/open-store.js';
import { describeVerifyConformance } from './verify-conformance.js';

describeVerifyConformance('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-verify-db-'));
  const db = join(dir, 'cairn.db');
  return {
    open: () => openStore({ db }),
    traces: async (qid: string) => {
      const raw = new Database(db, { readonly: true });
      try {
        return raw.prepare('SELECT * FROM rag_traces WHERE qid = ?').all(qid) as Record<
          string,
          unknown
        >[];
      } finally {
        raw.close();
      }
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
