import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { describeVectorConformance } from './vector-conformance.js';

const skip = await postgresSkipReason();

describe.skipIf(skip !== null)('PostgreSQL', () => {
  describeVectorConformance('PostgreSQL (real[], exact cosine in SQL)', async () => {
    const schema = uniqueSchema();
    return {
      open: (options = {}) => openStore({ db: PG_URL, schema, ...options }),
      dispose: () => dropSchema(schema),
    };
  });
});

/**
 * Where pgvector is installed, the same suite scores through its `<=>`; where
 * it cannot be, the suite skips with the reason (under CI too: the extension
 * is not in Debian bookworm's archive, and real[] is the path that runs).
 */
const pgvectorSkip =
  skip !== null
    ? skip
    : (await pgvectorAvailable())
      ? null
      : 'pgvector is not installed on this server (CREATE EXTENSION vector cannot succeed): the real[] path above runs instead';
if (pgvectorSkip !== null) console.info(`skipped: PostgreSQL with pgvector: ${pgvectorSkip}`);
describe.skipIf(pgvectorSkip !== null)('PostgreSQL with pgvector', () => {
  describeVectorConformance('PostgreSQL (pgvector <=> over real[])', async () => {
    const schema = uniqueSchema();
    return {
      open: async (options = {}) => {
        const store = await openStore({ db: PG_URL, schema, ...options });
        const [row] = (await pgQueryRows("SELECT 1 FROM pg_extension WHERE extname = 'vector'"))
          .rows;
        expect(row).toBeDefined();
        return store;
      },
      dispose: () => dropSchema(schema),
    };
  });
});

async function pgQueryRows(sql: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The store keeps vectors as real[] whether or not pgvector is installed;
 * this pins which one the server offers, so a report of the path taken is true.
 */
const pgvector = skip !== null ? null : await pgvectorAvailable();
describe.skipIf(skip !== null)('pgvector on this server', () => {
  it.skipIf(pgvector !== true)('is available (CREATE EXTENSION vector succeeds)', () => {
    expect(pgvector).toBe(true);
  });
  it.skipIf(pgvector === true)(
    'is absent: vectors use the real[] path (pgvector is not in Debian bookworm)',
    () => {
      expect(pgvector).toBe(false);
    },
  );
});

async function pgvectorAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'",
    );
    return rows.length > 0;
  } finally {
    await client.end();
  }
}
