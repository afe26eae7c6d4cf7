import { describe } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { describeStoreConformance, type StoreFixture } from './conformance.js';
import { describeManageConformance } from './manage-conformance.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from './pg-support.js';

const skip = await postgresSkipReason();

const postgresFixture = async (): Promise<StoreFixture> => {
  const schema = uniqueSchema();
  return {
    open: (options = {}) => openStore({ db: PG_URL, schema, ...options }),
    dispose: () => dropSchema(schema),
  };
};

describe.skipIf(skip !== null)('PostgreSQL', () => {
  describeStoreConformance('PostgreSQL', postgresFixture);
  describeManageConformance('PostgreSQL', postgresFixture);
});
