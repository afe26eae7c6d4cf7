import { describe } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import {
  dropSchema,
  PG_URL,
  pgQuery,
  postgresSkipReason,
  uniqueSchema,
} from '../store/pg-support.js';
import { describeSearchConformance } from './search-conformance.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('PostgreSQL', () => {
  describeSearchConformance('PostgreSQL', async () => {
    const schema = uniqueSchema('cairn_s');
    return {
      open: () => openStore({ db: PG_URL, schema }),
      query: <T>(sql: string) => pgQuery<T>(sql.replaceAll('{t}', `${schema}.`)),
      exec: async (sql: string) => {
        await pgQuery(sql.replaceAll('{t}', `${schema}.`));
      },
      analyzer: 'pg-fts:english',
      default_trace_log: null,
      dispose: () => dropSchema(schema),
    };
  });
});
