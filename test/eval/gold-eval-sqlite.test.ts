import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
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

test('the second store is a SQLite file of its own, its folder removed on dispose', async () => {
  const db = join(tempDir('cairn-gold-db-'), 'gold.db');
  const temporary = await openTemporaryStore(db);
  const path = temporary.store.capabilities.file_path!;
  expect(existsSync(path)).toBe(true);
  expect(dirname(path)).not.toBe(dirname(db));
  await temporary.dispose();
  expect(existsSync(dirname(path))).toBe(false);
});
