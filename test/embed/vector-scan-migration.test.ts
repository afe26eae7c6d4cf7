import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { embedChunkSets } from '../../src/embed/embed-chunk-sets.js';
import { embeddedText, textHash } from '../../src/embed/embedded-text.js';
import { createHashEmbedder } from '../../src/embed/hash-embedder.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { search } from '../../src/search/search.js';
import { migrate } from '../../src/store/migrate.js';
import type { Migration } from '../../src/store/migration.js';
import { openStore } from '../../src/store/open-store.js';
import { createSqlChunkStore } from '../../src/store/sql-chunk-store.js';
import type { SqlDriver } from '../../src/store/sql-driver.js';
import type { ChunkStore } from '../../src/store/types.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { blockChunker, textDocument } from '../store/test-documents.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-vector-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chunker = blockChunker();
const embedder = createHashEmbedder({ dimensions: 64 });
const QUESTIONS = ['rule 3 applies', 'the seventh rule of the set', 'rule 11'];

function rules(n: number, topic: string): string[] {
  return Array.from({ length: n }, (_, i) => `Rule ${i + 1} of ${topic}: item ${i * 7} applies.`);
}

async function ingest(store: ChunkStore): Promise<void> {
  await ensure(store, textDocument(rules(12, 'export'), { doc_uid: 'a' }), chunker);
  await ensure(store, textDocument(rules(6, 'storage'), { doc_uid: 'b' }), chunker);
  await ensure(store, textDocument(rules(13, 'export'), { doc_uid: 'a' }), chunker);
}

/** The vectors as the vectors migration (SQLite 5, PostgreSQL 6) laid them out: pointers into the cache only. */
async function embedTheOldWay(
  driver: SqlDriver,
  store: ChunkStore,
  vector: (v: Float32Array) => unknown,
) {
  for (const set of await store.listPendingVectorSets(embedder.id)) {
    const chunks = await store.listChunks(set.version_id, set.chunker_id);
    const texts = chunks.map((c) => embeddedText(c, 'heading_path'));
    const vectors = await embedder.embed(texts);
    await driver.transaction(async (tx) => {
      for (const [i, chunk] of chunks.entries()) {
        await tx.run(
          'INSERT INTO embeddings (embed_model, text_hash, dimensions, vector, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
          [embedder.id, textHash(texts[i]!), 64, vector(vectors[i]!), 'now'],
        );
        await tx.run(
          'INSERT INTO chunk_vectors (chunk_row_id, embed_model, text_hash) VALUES (?, ?, ?)',
          [chunk.id, embedder.id, textHash(texts[i]!)],
        );
      }
      await tx.run(
        'INSERT INTO vector_sets (version_id, chunker_id, embed_model, dimensions, text_context, chunk_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [set.version_id, set.chunker_id, embedder.id, 64, 'heading_path', chunks.length, 'now'],
      );
    });
  }
}

async function rankings(store: ChunkStore) {
  const out = [];
  for (const q of QUESTIONS) {
    const result = await search(store, q, { mode: 'vector', embedder, trace: false, k: 5 });
    out.push(result.hits.map((h) => [h.snippet_id, h.delta_s]));
  }
  return out;
}

interface Backend {
  old: () => Promise<{
    driver: SqlDriver;
    migrations: readonly Migration[];
    vector: (v: Float32Array) => unknown;
  }>;
  open: () => Promise<ChunkStore>;
  fresh: () => Promise<ChunkStore>;
  dispose: () => Promise<void>;
}

function describeMigration(name: string, backend: () => Backend, skip: string | null) {
  describe.skipIf(skip !== null)(name, () => {
    test('a store embedded before the scan table migrates forward: the same hits and ΔS as a store embedded after', async () => {
      const b = backend();
      try {
        const { driver, migrations, vector } = await b.old();
        await migrate(driver, migrations);
        const old = createSqlChunkStore(driver);
        await ingest(old);
        await embedTheOldWay(driver, old, vector);
        await old.close();
        const migrated = await b.open();
        const before = await rankings(migrated);
        // every set stays marked embedded: nothing is left to embed
        expect(await migrated.listPendingVectorSets(embedder.id)).toEqual([]);
        await migrated.close();
        const fresh = await b.fresh();
        await ingest(fresh);
        await embedChunkSets(fresh, embedder);
        expect(before).toEqual(await rankings(fresh));
        expect(before[0]!.length).toBe(5);
        await fresh.close();
      } finally {
        await b.dispose();
      }
    });
  });
}

describeMigration(
  'SQLite: migration 8 (vector scan table)',
  () => {
    const file = join(dir, 'old.db');
    return {
      async old() {
        const { openSqliteDriver } = await import('../../src/store/sqlite/driver.js');
        const { SQLITE_MIGRATIONS } = await import('../../src/store/sqlite/migrations.js');
        return {
          driver: openSqliteDriver({ path: file }),
          migrations: SQLITE_MIGRATIONS.filter((m) => m.version !== 8),
          vector: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
        };
      },
      open: () => openStore({ db: file }),
      fresh: () => openStore({ db: join(dir, 'fresh.db') }),
      dispose: async () => {},
    };
  },
  null,
);

const pgSkip = await postgresSkipReason();
describeMigration(
  'PostgreSQL: migration 9 (vector scan table)',
  () => {
    const [oldSchema, freshSchema] = [uniqueSchema(), uniqueSchema()];
    return {
      async old() {
        const { openPostgresDriver, createSchema } = await import(
          '../../src/store/postgres/driver.js'
        );
        const { POSTGRES_MIGRATIONS } = await import('../../src/store/postgres/migrations.js');
        const driver = openPostgresDriver({ url: PG_URL, schema: oldSchema });
        await createSchema(driver, oldSchema);
        return {
          driver,
          migrations: POSTGRES_MIGRATIONS.filter((m) => m.version !== 9),
          vector: (v) => Array.from(v),
        };
      },
      open: () => openStore({ db: PG_URL, schema: oldSchema }),
      fresh: () => openStore({ db: PG_URL, schema: freshSchema }),
      dispose: async () => {
        await dropSchema(oldSchema);
        await dropSchema(freshSchema);
      },
    };
  },
  pgSkip,
);

test('migration numbers with gaps (other work takes the numbers between): an up-to-date store opens read-only', async () => {
  const db = join(dir, 'gaps.db');
  await (await openStore({ db })).close();
  const store = await openStore({ db, readonly: true });
  expect(await store.listPendingVectorSets(embedder.id)).toEqual([]);
  await store.close();
});
