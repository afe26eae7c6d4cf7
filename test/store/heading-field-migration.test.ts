import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';

const CHUNKER = defaultChunkerRegistry().get('default').chunker_id;

/** An eCFR chapter (title lines and designators in the paths) and a Rust book chapter (nested headings). */
const FILES = [
  ['ecfr', 'title-15', 'chapter-XIV.md'],
  ['rustbook', 'ch04-01-what-is-ownership.md'],
] as const;

/** Queries whose words stand in headings: "Interacting", "Clone", "Stack-Only", the § title lines. */
const QUERIES = [
  'variables interacting with clone',
  'stack-only data copy',
  'ownership rules',
  'Applicability of this chapter',
  'definitions',
  'return values scope',
];

/** What a migrated store must give back as a store the new code wrote gives it. */
async function snapshot(store: ChunkStore) {
  const chunks = [];
  for (const doc of await store.listDocuments()) {
    for (const row of await store.listChunks(doc.current_version_id, CHUNKER)) {
      chunks.push([row.chunk_id, row.text, row.char_start, row.char_end]);
    }
  }
  const searches = [];
  for (const query of QUERIES) {
    const result = await search(store, query, { trace: false, k: 10 });
    searches.push({
      query,
      index_hash: result.index_hash,
      hits: result.hits.map((h) => [h.snippet_id, h.score_norm, h.rerank_score]),
    });
  }
  return { chunks, searches };
}

/**
 * A store as the cairn before the heading field left it: its schema is put
 * back with the statements that cairn's migrations ran (`back`, which also
 * forgets the new migration), then it is opened, migrated and compared
 * with what it gave before: the same chunks, and the same rankings as a
 * store indexed with headings from the start.
 */
async function checkMigration(
  open: () => Promise<ChunkStore>,
  back: () => Promise<void>,
  indexedHeadings: () => Promise<number>,
): Promise<void> {
  const dir = tempDir('cairn-hf-migrate-');
  const names = FILES.map((parts) => {
    copyFileSync(corpusPath(...parts), join(dir, parts.at(-1)!));
    return parts.at(-1)!;
  });
  let store = await open();
  await ingestSources(store, names, { workers: 0, cwd: dir });
  const fresh = await snapshot(store);
  await store.close();
  await back();
  // the old index has no heading words
  expect(await indexedHeadings()).toBe(0);
  store = await open();
  try {
    expect(await indexedHeadings()).toBeGreaterThan(0);
    const migrated = await snapshot(store);
    expect(migrated.chunks).toEqual(fresh.chunks);
    expect(migrated.searches).toEqual(fresh.searches);
    expect(await store.check()).toEqual([]);
    // and it keeps taking writes: a second ingest of the same files changes nothing
    const again = await ingestSources(store, names, { workers: 0, cwd: dir });
    expect(again.failed).toBe(0);
    expect(await store.check()).toEqual([]);
  } finally {
    await store.close();
  }
}

const skip = await postgresSkipReason();

function hasTable(d: Database.Database, name: string): boolean {
  return d.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined;
}

/** The FTS5 table of each chunker (migration 012). */
function indexTables(d: Database.Database): string[] {
  const rows = d.prepare('SELECT id FROM lexical_sets ORDER BY id').all() as { id: number }[];
  return rows.map(({ id }) => `chunks_fts_${id}`);
}

function dropIndexPerChunker(d: Database.Database): void {
  for (const table of indexTables(d)) d.exec(`DROP TABLE ${table}`);
  d.exec('DROP TABLE lexical_sets');
}

describe('heading field migration', () => {
  test('SQLite: a store from before migration 009 is re-indexed with its heading paths', async () => {
    const db = join(tempDir('cairn-hf-db-'), 'cairn.db');
    const raw = () => new Database(db);
    await checkMigration(
      () => openStore({ db }),
      async () => {
        const d = raw();
        // migration 002 as the cairn before ran it, then forget 009 and the index per chunker (012)
        dropIndexPerChunker(d);
        d.exec(`CREATE VIRTUAL TABLE chunks_fts USING fts5 (text, content = 'chunks', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2');
INSERT INTO chunks_fts (chunks_fts) VALUES ('rebuild');
DELETE FROM schema_migrations WHERE version IN (9, 12)`);
        // some chunk rows keep '[]' for their section's path: the migration resolves those from `sections`
        expect(
          (
            d.prepare("SELECT count(*) AS n FROM chunks WHERE heading_path = '[]'").get() as {
              n: number;
            }
          ).n,
        ).toBeGreaterThan(0);
        d.close();
      },
      async () => {
        const d = raw();
        try {
          if (!hasTable(d, 'lexical_sets')) return 0;
          let n = 0;
          for (const table of indexTables(d)) {
            const row = d
              .prepare(
                `SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH 'heading : interacting'`,
              )
              .get() as { n: number };
            n += row.n;
          }
          return n;
        } finally {
          d.close();
        }
      },
    );
  }, 120_000);

  test.skipIf(skip !== null)(
    'PostgreSQL: a schema from before migration 010 is re-indexed with its heading paths',
    async () => {
      const schema = uniqueSchema('cairn_hfm');
      try {
        await checkMigration(
          () => openStore({ db: PG_URL, schema }),
          async () => {
            // migration 003's generated column and index as the cairn before ran them, then forget 010
            await pgQuery(
              `ALTER TABLE ${schema}.chunks DROP COLUMN tsv; ` +
                `ALTER TABLE ${schema}.chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED; ` +
                `CREATE INDEX chunks_fts ON ${schema}.chunks USING GIN (tsv); ` +
                `DELETE FROM ${schema}.schema_migrations WHERE version = 10`,
            );
          },
          async () => {
            const [row] = await pgQuery<{ n: string }>(
              `SELECT count(*) AS n FROM ${schema}.chunks WHERE tsv @@ to_tsquery('english', 'interacting:B')`,
            );
            return Number(row!.n);
          },
        );
      } finally {
        await dropSchema(schema);
      }
    },
    120_000,
  );
});
