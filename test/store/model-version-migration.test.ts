import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { parseFile } from '../../src/parse/parse-document.js';
import { readChunkBoxes } from '../../src/pipeline/chunk-boxes.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { resolveChunk } from '../../src/pipeline/resolve-chunk.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { TIDES_PAGE } from '../support/tides-page.js';
import { dropSchema, PG_URL, pgQuery, postgresSkipReason, uniqueSchema } from './pg-support.js';

/**
 * A store written before versions recorded their parser's model version
 * (migration 11 on SQLite, 12 on PostgreSQL, not applied), whose HTML page
 * was chunked as the parser before page furniture made it: the navigation
 * and footer were paragraphs, so chunks held them. Opened by this build, it
 * migrates; a re-ingest of the unchanged files stores a new HTML and PDF
 * version (their parsers' models changed) and leaves the Markdown alone,
 * and every old HTML chunk ID still resolves, to a chunk of the new version.
 */
const HTML = 'page.html';
const MARKDOWN = 'notes.md';
const PDF = 'minimal-document.pdf';

const PAGE = TIDES_PAGE;

const NOTES = '# Notes\n\nA first paragraph of notes.\n\n## More\n\nA second paragraph of notes.\n';

const dir = mkdtempSync(join(tmpdir(), 'cairn-model-version-'));
writeFileSync(join(dir, HTML), PAGE);
writeFileSync(join(dir, MARKDOWN), NOTES);
copyFileSync(corpusPath('pdf', PDF), join(dir, PDF));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const skip = await postgresSkipReason();

/** The old store's content: the page chunked with its furniture as paragraphs, the others as today. */
async function writeOldStore(store: ChunkStore): Promise<void> {
  const doc = await parseFile(join(dir, HTML), { source_url: HTML });
  const furniture = doc.blocks.filter((block) => block.type === 'furniture');
  // the page must have furniture today, or the test shows nothing
  expect(furniture.length).toBeGreaterThan(0);
  for (const block of furniture) block.type = 'paragraph';
  const chunker = defaultChunkerRegistry().get('default');
  const written = await ensure(store, doc, chunker);
  expect(written.status).toBe('created');
  const others = await ingestSources(store, [MARKDOWN, PDF], { workers: 0, cwd: dir });
  expect(others).toMatchObject({ created: 2, failed: 0 });
}

async function checkForward(
  open: (options?: { readonly?: boolean }) => Promise<ChunkStore>,
  forget: () => Promise<void>,
): Promise<void> {
  let store = await open();
  await writeOldStore(store);
  const chunkerId = defaultChunkerRegistry().get('default').chunker_id;
  const page = (await store.getDocument(HTML))!;
  const oldChunks = await store.listChunks(page.current_version_id!, chunkerId);
  const notes = (await store.getDocument(MARKDOWN))!;
  const oldNotes = await store.listChunks(notes.current_version_id!, chunkerId);
  expect(oldChunks.some((chunk) => chunk.text.includes('Cookie settings'))).toBe(true);
  await store.close();
  await forget();

  store = await open();
  // the PDF's page layout survived the table copy (it cascades from its version)
  const pdf = (await store.getDocument(PDF))!;
  const [pdfChunk] = await store.listChunks(pdf.current_version_id!, chunkerId);
  expect((await readChunkBoxes(store, pdfChunk!)).boxes.length).toBeGreaterThan(0);
  expect((await store.getVersion(page.current_version_id!))!.model_version).toBe(1);

  const again = await ingestSources(store, [HTML, MARKDOWN, PDF], { workers: 0, cwd: dir });
  const status = Object.fromEntries(again.documents.map((d) => [d.source_url, d.status]));
  expect(status).toEqual({ [HTML]: 'updated', [MARKDOWN]: 'unchanged', [PDF]: 'updated' });

  // Markdown: the same version and the same chunk IDs
  const notesAfter = (await store.getDocument(MARKDOWN))!;
  expect(notesAfter.current_version_id).toBe(notes.current_version_id);
  expect(
    (await store.listChunks(notesAfter.current_version_id!, chunkerId)).map((c) => c.chunk_id),
  ).toEqual(oldNotes.map((c) => c.chunk_id));

  // HTML: a second version of the same text, made by model version 2, without the furniture
  const pageAfter = (await store.getDocument(HTML))!;
  const current = (await store.getVersion(pageAfter.current_version_id!))!;
  expect(current).toMatchObject({ seq: 2, model_version: 2 });
  const old = (await store.getVersion(page.current_version_id!))!;
  expect(current.content_hash).toBe(old.content_hash);
  const newChunks = await store.listChunks(current.id, chunkerId);
  expect(newChunks.some((chunk) => chunk.text.includes('Cookie settings'))).toBe(false);

  // every old ID resolves to a chunk of the new version; an article passage keeps its text
  for (const chunk of oldChunks) {
    const resolved = await resolveChunk(store, chunk.chunk_id);
    expect(resolved.status, chunk.chunk_id).toBe('live');
    if (resolved.status !== 'live') continue;
    expect(resolved.version.id).toBe(current.id);
    const article = chunk.text.match(/The (range|height|strength|timing) of the tide/);
    if (article) expect(resolved.chunk.text).toContain(article[0]);
  }

  // a third run finds everything as stored
  const third = await ingestSources(store, [HTML, MARKDOWN, PDF], { workers: 0, cwd: dir });
  expect(third).toMatchObject({ unchanged: 3, updated: 0, created: 0 });
  await store.close();
}

/**
 * SQLite before migration 11: document_versions without model_version,
 * unique on (document, content_hash); and no seen-file row under today's
 * settings key (an old build's key named no model versions).
 */
const SQLITE_BEFORE = `
CREATE TABLE document_versions_old (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  seq INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  rev TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  canonical TEXT NOT NULL,
  length INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  model BLOB NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (document_id, content_hash),
  UNIQUE (document_id, seq)
);
INSERT INTO document_versions_old SELECT id, document_id, seq, content_hash, rev, lineage_rev, canonical, length, byte_length, model, created_at FROM document_versions;
DROP TABLE document_versions;
ALTER TABLE document_versions_old RENAME TO document_versions;
CREATE INDEX document_versions_content_hash ON document_versions (content_hash);
DELETE FROM schema_migrations WHERE version = 11;
DELETE FROM seen_files;
`;

describe('model version migration and re-ingest', () => {
  test('SQLite: an old store migrates, and a re-ingest redirects the old HTML IDs', async () => {
    const db = join(dir, 'old.db');
    await checkForward(
      (options = {}) => openStore({ db, ...options }),
      async () => {
        const raw = new Database(db);
        raw.pragma('foreign_keys = OFF');
        raw.exec(SQLITE_BEFORE);
        raw.close();
      },
    );
  });

  test.skipIf(skip !== null)(
    'PostgreSQL: an old schema migrates, and a re-ingest redirects the old HTML IDs',
    async () => {
      const schema = uniqueSchema();
      try {
        await checkForward(
          (options = {}) => openStore({ db: PG_URL, schema, ...options }),
          () =>
            pgQuery(
              `ALTER TABLE ${schema}.document_versions DROP COLUMN model_version; ` +
                `ALTER TABLE ${schema}.document_versions ADD CONSTRAINT document_versions_document_id_content_hash_key UNIQUE (document_id, content_hash); ` +
                `DELETE FROM ${schema}.schema_migrations WHERE version = 12; DELETE FROM ${schema}.seen_files`,
            ).then(() => {}),
        );
      } finally {
        await dropSchema(schema);
      }
    },
  );
});
