import { describe, expect, test } from 'vitest';
import { openStore, openTemporaryStore } from '../../src/store/open-store.js';
import {
  dropSchema,
  PG_URL,
  pgQuery,
  postgresSkipReason,
  uniqueSchema,
} from '../store/pg-support.js';
import { describeGoldEval } from './support/describe-gold-eval.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('cairn eval gold on a hand-made PostgreSQL store', () => {
  const schema = uniqueSchema('cairn_gold');
  describeGoldEval(async () => {
    const store = await openStore({ db: PG_URL, schema });
    return {
      store,
      openTemporary: () => openTemporaryStore(PG_URL),
      dispose: async () => {
        await store.close();
        await dropSchema(schema);
      },
    };
  });

  test('the second store was a schema of its own, dropped after the run', async () => {
    const left = await pgQuery<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE nspname LIKE $1',
      [`cairn_tmp_${process.pid}_%`],
    );
    expect(left).toEqual([]);
  });
});
