import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { readChunkBoxes } from '../../src/pipeline/chunk-boxes.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';

/**
 * A store from before the PDF page (no `version_layouts`, no migration
 * 7 / 8 recorded; and on this branch the numbers below it skip) opens,
 * migrates forward and keeps working: its PDF versions answer
 * `layout_not_found`, a PDF ingested afterwards has its page.
 */
const OLD_PDF = 'minimal-document.pdf';
const NEW_PDF = '002-trivial-libre-office-writer.pdf';

async function checkForward(
  open: (options?: { readonly?: boolean }) => Promise<ChunkStore>,
  forget: () => Promise<void>,
  dir: string,
): Promise<void> {
  let store = await open();
  const first = await ingestSources(store, [OLD_PDF], { workers: 0, cwd: dir });
  expect(first.created).toBe(1);
  await store.close();
  await forget();

  // read-only: the missing migration is refused, not half-read
  await expect(open({ readonly: true })).rejects.toMatchObject({ code: 'store_schema_mismatch' });
  store = await open();
  const old = (await store.getDocument(OLD_PDF))!;
  const [oldChunk] = await store.listChunks(old.current_version_id, first.chunker_id);
  const refused = await readChunkBoxes(store, oldChunk!).catch((error: unknown) => error);
  expect(isCairnError(refused) && refused.code).toBe('layout_not_found');
  const second = await ingestSources(store, [OLD_PDF, NEW_PDF], { workers: 0, cwd: dir });
  expect(second).toMatchObject({ unchanged: 1, created: 1, failed: 0 });
  const fresh = (await store.getDocument(NEW_PDF))!;
  const [newChunk] = await store.listChunks(fresh.current_version_id, second.chunker_id);
  expect((await readChunkBoxes(store, newChunk!)).boxes.length).toBeGreaterThan(0);
  await store.close();
  // migrated: a read-only open now works
  const reader = await open({ readonly: true });
  expect((await reader.counts()).documents).toBe(2);
  await reader.close();
}

const dir = mkdtempSync(join(tmpdir(), 'cairn-layout-migrate-'));
for (const name of [OLD_PDF, NEW_PDF]) copyFileSync(corpusPath('pdf', name), join(dir, name));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const skip = await postgresSkipReason();

describe('version_layouts migration', () => {
  test('SQLite: a store without migration 7 migrates forward and keeps working', async () => {
    const db = join(dir, 'old.db');
    await checkForward(
      (options = {}) => openStore({ db, ...options }),
      async () => {
        const raw = new Database(db);
        raw.exec('DROP TABLE version_layouts; DELETE FROM schema_migrations WHERE version = 7');
        raw.close();
      },
      dir,
    );
  });

  test.skipIf(skip !== null)(
    'PostgreSQL: a schema without migration 8 migrates forward and keeps working',
    async () => {
      const schema = uniqueSchema();
      try {
        await checkForward(
          (options = {}) => openStore({ db: PG_URL, schema, ...options }),
          () =>
            pgQuery(
              `DROP TABLE ${schema}.version_layouts; DELETE FROM ${schema}.schema_migrations WHERE version = 8`,
            ).then(() => {}),
          dir,
        );
      } finally {
        await dropSchema(schema);
      }
    },
  );
});
