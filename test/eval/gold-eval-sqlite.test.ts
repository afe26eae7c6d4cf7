import { join } from 'node:path';
import { describe } from 'vitest';
import { openStore, openTemporaryStore } from '../../src/store/open-store.js';
import { tempDir } from '../support/temp-dir.js';
import { describeGoldEval } from './support/describe-gold-eval.js';

describe('cairn eval gold on a hand-made SQLite store', () => {
  describeGoldEval(async () => {
    const db = join(tempDir('cairn-gold-db-'), 'gold.db');
    const store = await openStore({ db });
    return {
      store,
      openTemporary: () => openTemporaryStore(db),
      dispose: () => store.close(),
    };
  });
});
