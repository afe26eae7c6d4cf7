import { describe } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import {
  dropSchema,
  PG_URL,
  pgQuery,
  postgresSkipReason,
  uniqueSchema,
} from '../store/pg-support.js';
import { describeVerifyConformance } from './verify-conformance.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('PostgreSQL', () => {
  describeVerifyConformance('PostgreSQL', async () => {
    const schema = uniqueSchema('cairn_v');
    return {
      open: () => openStore({ db: PG_URL, schema }),
      traces: (qid: string) => pgQuery(`SELECT * FROM ${schema}.rag_traces WHERE qid = $1`, [qid]),
      dispose: () => dropSchema(schema),
    };
  });
});
