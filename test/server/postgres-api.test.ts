import { afterAll, describe } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { describeApiConformance } from './api-conformance.js';

const skip = await postgresSkipReason();
const schema = uniqueSchema('cairn_api');

describe.skipIf(skip !== null)('PostgreSQL', () => {
  afterAll(() => dropSchema(schema));
  describeApiConformance('PostgreSQL', () => openStore({ db: PG_URL, schema }));
});
