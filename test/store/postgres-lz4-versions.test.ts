import { afterAll, describe, expect, test } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('PostgreSQL: versions compressed with lz4', () => {
  const schema = uniqueSchema();
  afterAll(() => dropSchema(schema));

  test('a new store compresses the canonical text of versions with lz4', async () => {
    const store = await openStore({ db: PG_URL, schema, env: {} });
    await store.close();
    const methods = await pgQuery<{ attcompression: string }>(
      "SELECT attcompression FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'canonical'",
      [`${schema}.document_versions`],
    );
    expect(methods).toEqual([{ attcompression: 'l' }]);
  });
});
