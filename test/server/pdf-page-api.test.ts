import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { boxesForSpan } from '../../src/parse/pdf/boxes-for-span.js';
import { parsePdf } from '../../src/parse/pdf/parse-pdf.js';
import { createApp } from '../../src/server/create-app.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusPath } from '../corpora.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { call } from './support/api-fixture.js';

/**
 * The PDF page over HTTP, on both stores: a PDF chunk's boxes are the
 * boxes its offsets give over the parsed geometry, the stored source is the
 * file ingested, byte for byte, and a chunk of another format has none.
 */
const PDF = 'pdflatex-4-pages.pdf';
const MARKDOWN = 'notes.md';

function describePdfPage(
  name: string,
  open: () => Promise<ChunkStore>,
  dispose: () => Promise<void> | void,
) {
  describe(`PDF page API: ${name}`, () => {
    let dir: string;
    let store: ChunkStore;
    let app: ReturnType<typeof createApp>;
    let parsed: CairnDocument;
    let docUid: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'cairn-pdf-page-'));
      copyFileSync(corpusPath('pdf', PDF), join(dir, PDF));
      copyFileSync(corpusPath('rustbook', 'ch04-01-what-is-ownership.md'), join(dir, MARKDOWN));
      store = await open();
      const run = await ingestSources(store, [PDF, MARKDOWN], { workers: 0, cwd: dir });
      expect(run.failed).toBe(0);
      docUid = run.documents.find((d) => d.source_url === PDF)!.doc_uid!;
      parsed = await parsePdf({ bytes: readFileSync(join(dir, PDF)), source_url: PDF });
      app = createApp({ store, cwd: dir, log: () => {} });
    });
    afterAll(async () => {
      await store?.close();
      await dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test('GET /api/chunks/:id/boxes gives each chunk the boxes of its offsets, on its pages', async () => {
      const view = await call(app, `/api/documents/${docUid}`);
      expect(view.status).toBe(200);
      const chunks = view.body.chunks as { chunk_id: string; start: number; end: number }[];
      expect(chunks.length).toBeGreaterThan(3);
      const pagesSeen = new Set<number>();
      for (const chunk of chunks) {
        const r = await call(app, `/api/chunks/${encodeURIComponent(chunk.chunk_id)}/boxes`);
        expect(r.status).toBe(200);
        expect(r.body.boxes).toEqual(boxesForSpan(parsed.geometry!, chunk.start, chunk.end));
        expect(r.body.boxes.length).toBeGreaterThan(0);
        expect(r.body).toMatchObject({ chunk_id: chunk.chunk_id, doc_uid: docUid, version: 1 });
        for (const box of r.body.boxes) {
          pagesSeen.add(box.page);
          const page = r.body.pages.find((p: { number: number }) => p.number === box.page);
          expect(page.view).toEqual(parsed.geometry![box.page - 1]!.view);
        }
        expect(r.body.source).toBe(`/api/documents/${docUid}/versions/1/source`);
      }
      expect([...pagesSeen].sort()).toEqual([1, 2, 3, 4]);
    });

    test('the version source is the PDF as ingested, served as an attachment', async () => {
      const response = await app.request(`/api/documents/${docUid}/versions/1/source`);
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.from(bytes).equals(readFileSync(corpusPath('pdf', PDF)))).toBe(true);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect(response.headers.get('etag')).toBe(
        `"${createHash('sha256').update(bytes).digest('hex')}"`,
      );
      expect((await call(app, `/api/documents/${docUid}/versions/2/source`)).body.error.code).toBe(
        'document_not_found',
      );
      expect((await call(app, `/api/documents/${docUid}/versions/x/source`)).status).toBe(400);
    });

    test('a chunk of a Markdown file has no boxes: 404 layout_not_found', async () => {
      const view = await call(app, `/api/documents/${encodeURIComponent(MARKDOWN)}`);
      const id = view.body.chunks[0].chunk_id as string;
      const r = await call(app, `/api/chunks/${encodeURIComponent(id)}/boxes`);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('layout_not_found');
      const uid = view.body.document.doc_uid as string;
      const source = await call(app, `/api/documents/${uid}/versions/1/source`);
      expect(source.body.error.code).toBe('layout_not_found');
    });

    test('purging the PDF deletes its layout row with it', async () => {
      const document = (await store.getDocument(docUid))!;
      const versionId = document.current_version_id;
      expect(await store.getVersionGeometry(versionId)).not.toBeNull();
      expect(await store.purgeDocument(document.id)).toBe(true);
      expect(await store.getVersionGeometry(versionId)).toBeNull();
      expect(await store.getVersionSource(versionId)).toBeNull();
    });
  });
}

const sqliteDir = mkdtempSync(join(tmpdir(), 'cairn-pdf-page-db-'));
describePdfPage(
  'SQLite',
  () => openStore({ db: join(sqliteDir, 'cairn.db') }),
  () => rmSync(sqliteDir, { recursive: true, force: true }),
);

const skip = await postgresSkipReason();
const schema = uniqueSchema();
describe.skipIf(skip !== null)('PostgreSQL', () => {
  describePdfPage(
    'PostgreSQL',
    () => openStore({ db: PG_URL, schema }),
    () => dropSchema(schema),
  );
});
