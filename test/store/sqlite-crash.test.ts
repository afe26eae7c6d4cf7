import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/open-store.js';
import { describeCrashSafety } from './crash-safety.js';

describeCrashSafety('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-crash-db-'));
  const db = join(dir, 'cairn.db');
  const base = join(dir, 'baseline.db');
  const sidecars = ['-wal', '-shm'];
  return {
    env: { CAIRN_TEST_DB: db },
    open: () => openStore({ db }),
    snapshot: async () => {
      for (const suffix of ['', ...sidecars])
        if (existsSync(db + suffix)) copyFileSync(db + suffix, base + suffix);
    },
    restore: async () => {
      for (const suffix of ['', ...sidecars]) {
        rmSync(db + suffix, { force: true });
        if (existsSync(base + suffix)) copyFileSync(base + suffix, db + suffix);
      }
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
