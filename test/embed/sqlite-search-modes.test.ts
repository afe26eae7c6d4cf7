import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/open-store.js';
import { describeSearchModes } from './search-modes.js';

describeSearchModes('SQLite (sqlite-vec)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-modes-db-'));
  const db = join(dir, 'cairn.db');
  return {
    open: (options = {}) => openStore({ db, ...options }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
