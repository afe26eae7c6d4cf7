import { describe } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { describeStoreConformance } from './conformance.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from './pg-support.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('PostgreSQL', () => {
  describeStoreConformance('PostgreSQL', async () => {
    const schema = uniqueSchema();
    return {
      open: (options = {}) => openStore({ db: PG_URL, schema, ...options }),
      dispose: () => dropSchema(schema),
    };
  });
});
