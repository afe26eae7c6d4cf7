import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/open-store.js';
import { describeStoreConformance, type StoreFixture } from './conformance.js';
import { describeManageConformance } from './manage-conformance.js';

const sqliteFixture = async (): Promise<StoreFixture> => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-store-'));
  const db = join(dir, 'cairn.db');
  return {
    open: (options = {}) => openStore({ db, ...options }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
};

describeStoreConformance('SQLite', sqliteFixture);
describeManageConformance('SQLite', sqliteFixture);
