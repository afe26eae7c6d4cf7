import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
