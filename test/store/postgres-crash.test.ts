import { describe } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { describeCrashSafety } from './crash-safety.js';
import {
  dropSchema,
  PG_URL,
  postgresSkipReason,
  restoreSchema,
  snapshotSchema,
  uniqueSchema,
} from './pg-support.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('PostgreSQL crash safety', () => {
  describeCrashSafety('PostgreSQL', async () => {
    const schema = uniqueSchema('cairn_crash');
    const base = `${schema}_base`;
    return {
      env: { CAIRN_TEST_DB: PG_URL, CAIRN_TEST_SCHEMA: schema },
      open: () => openStore({ db: PG_URL, schema }),
      snapshot: () => snapshotSchema(schema, base),
      restore: () => restoreSchema(schema, base),
      dispose: async () => {
        await dropSchema(schema);
        await dropSchema(base);
      },
    };
  });
});
