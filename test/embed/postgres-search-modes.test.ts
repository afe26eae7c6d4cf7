import { describe } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { describeSearchModes } from './search-modes.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('PostgreSQL', () => {
  describeSearchModes('PostgreSQL (real[])', async () => {
    const schema = uniqueSchema();
    return {
      open: (options = {}) => openStore({ db: PG_URL, schema, ...options }),
      dispose: () => dropSchema(schema),
    };
  });
});
