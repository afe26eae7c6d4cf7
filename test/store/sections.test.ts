import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { chunkSectionKey, documentKey, sectionKeys } from '../../src/parse/section-keys.js';
import { legibleSections } from '../../src/pipeline/legible-section.js';
import { exportChunks } from '../../src/search/export-chunks.js';
import { search } from '../../src/search/search.js';
import { createApp } from '../../src/server/create-app.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkRow, ChunkStore, VersionWithText } from '../../src/store/types.js';
import { NO_SECTION_ID } from '../../src/types.js';
import { corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from './pg-support.js';
import { deepHeadings } from './support/deep-headings.js';

const CHUNKER = defaultChunkerRegistry().get('default').chunker_id;

/** One file of each format whose legible ids differ: eCFR citations, slugs, outline and page ids, cells, pointers. */
const FILES = [
  ['ecfr', 'title-15', 'chapter-XIV.md'],
  ['rustbook', 'ch04-01-what-is-ownership.md'],
  ['html', 'ol.html'],
  ['pdf', 'pdflatex-4-pages.pdf'],
  ['ipynb', 'Running-Code.ipynb'],
  ['ipynb', 'autoscroll.ipynb'],
].map((parts) => corpusPath(...parts));

/** JSON records whose long string nodes are cited by pointer. */
function writeJsonRecords(dir: string): string {
  const path = join(dir, 'tickets.json');
  const body = (n: number) => `Ticket ${n} says the export failed. `.repeat(400);
  writeFileSync(path, JSON.stringify({ tickets: [{ body: body(1) }, { body: body(2) }] }));
  return path;
}

/** A backend: a store opener, and raw SQL on the same database (to make a store as the cairn before the table wrote it). */
interface Backend {
  open(): Promise<ChunkStore>;
  exec(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** One statement run once per parameter list, on one connection. */
  execEach(sql: string, paramLists: unknown[][]): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * What payloads carried before the sections table: each chunk's key derived
 * from its version's stored model and the head of its text (the code the
 * table replaces, kept here as the oracle), and its section's heading path.
 */
async function expectedKeys(store: ChunkStore, chunks: readonly ChunkRow[]) {
  const out: { section_id: string; section_label: string; heading_path: string[] }[] = [];
  const versions = new Map<number, VersionWithText>();
  for (const chunk of chunks) {
    let version = versions.get(chunk.version_id);
    if (version === undefined) {
      version = (await store.getVersionText(chunk.version_id))!;
      versions.set(chunk.version_id, version);
    }
    const document = (await store.getDocumentById(version.document_id))!;
    const { sections, blocks } = version.model;
    const source = {
      format: document.format,
      sections,
      source_url: document.source_url,
      head: version.canonical.slice(0, 512),
    };
    const index =
      chunk.section_id === null
        ? null
        : (sections.find((s) => s.sect_path === chunk.section_id)?.index ?? null);
    const cell = blocks
      .filter((b) => b.cell !== undefined && b.span.start <= chunk.char_start)
      .at(-1)?.cell;
    const key = chunkSectionKey(
      document.format,
      sectionKeys(source),
      { section: index, page: chunk.page, json_pointer: chunk.json_pointer, cell: cell ?? null },
      documentKey(source),
    );
    out.push({
      section_id: key.id || NO_SECTION_ID,
      section_label: key.label,
      heading_path: index === null ? [] : sections[index]!.heading_path,
    });
  }
  return out;
}

async function currentChunks(store: ChunkStore): Promise<ChunkRow[]> {
  const chunks: ChunkRow[] = [];
  for (const document of await store.listDocuments())
    chunks.push(...(await store.listChunks(document.current_version_id, CHUNKER)));
  return chunks;
}

async function expectTableMatchesModels(store: ChunkStore): Promise<number> {
  const chunks = await currentChunks(store);
  const legible = await legibleSections(store, chunks);
  const expected = await expectedKeys(store, chunks);
  expect(
    chunks.map((c, i) => ({
      section_id: legible[i]!.section_id,
      section_label: legible[i]!.section_label,
      heading_path: c.heading_path,
    })),
  ).toEqual(expected);
  return chunks.length;
}

/** The store with every read of a version's text or model refused. */
function withoutText(store: ChunkStore): ChunkStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'getVersionText' || name === 'getCanonicalSlice') {
        return () => {
          throw new Error(`${String(name)} read on the read path`);
        };
      }
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function describeSections(name: string, makeBackend: () => Promise<Backend>, skip = false) {
  describe.skipIf(skip)(`sections table: ${name}`, () => {
    test('legible ids, labels and heading paths come from the table, as the models gave them, without the text', async () => {
      const backend = await makeBackend();
      const store = await backend.open();
      try {
        const summary = await ingestSources(store, FILES, { workers: 0, root: corpusPath() });
        expect(summary.failed).toBe(0);
        const json = await ingestSources(
          store,
          [writeJsonRecords(tempDir('cairn-sections-json-'))],
          {
            workers: 0,
          },
        );
        expect(json.failed).toBe(0);
        const count = await expectTableMatchesModels(store);
        expect(count).toBeGreaterThan(100);

        // every format's kind of id is there
        const ids = (await legibleSections(store, await currentChunks(store))).map(
          (s) => s.section_id,
        );
        expect(ids).toContainEqual(expect.stringMatching(/^15 CFR \d+\.\d+/));
        expect(ids).toContainEqual(expect.stringMatching(/^\/\S/));
        expect(ids).toContainEqual(expect.stringMatching(/^cell-\d+$/));
        expect(ids).toContainEqual(expect.stringMatching(/^[a-z0-9-]+\/[a-z0-9-]+/));

        // search and export read sections without a version's text or model
        const bare = withoutText(store);
        const { hits } = await search(bare, 'ownership', { k: 5, trace: false });
        expect(hits.length).toBeGreaterThan(0);
        const exported = [];
        for await (const record of exportChunks(bare, { page_size: 50 })) exported.push(record);
        expect(exported).toHaveLength(count);
        const byId = new Map(exported.map((r) => [r.snippet_id, r]));
        for (const hit of hits) expect(byId.get(hit.snippet_id)!.section_id).toBe(hit.section_id);

        // chunk rows store [] where the path is their section's
        const [stored] = await backend.exec(
          `SELECT COUNT(*) AS n FROM chunks WHERE section_id IS NOT NULL AND heading_path${name === 'SQLite' ? '' : '::text'} <> '[]'`,
        );
        expect(Number(stored!.n)).toBe(0);

        expect(await store.check()).toEqual([]);
      } finally {
        await store.close();
        await backend.dispose();
      }
    }, 120_000);
  });
}

describeSections('SQLite', async () => {
  const path = join(tempDir('cairn-sections-'), 'cairn.db');
  return {
    open: () => openStore({ db: path }),
    async exec(sql, params = []) {
      const db = new Database(path);
      try {
        const statement = db.prepare(sql);
        if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
        statement.run(...params);
        return [];
      } finally {
        db.close();
      }
    },
    async execEach(sql, paramLists) {
      const db = new Database(path);
      try {
        const statement = db.prepare(sql);
        db.transaction(() => {
          for (const params of paramLists) statement.run(...params);
        })();
      } finally {
        db.close();
      }
    },
    dispose: async () => {},
  };
});

const skipPg = await postgresSkipReason();
describeSections(
  'PostgreSQL',
  async () => {
    const schema = uniqueSchema();
    return {
      open: () => openStore({ db: PG_URL, schema }),
      async exec(sql, params = []) {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        try {
          await client.query(`SET search_path TO ${schema}`);
          let at = 0;
          return (
            await client.query(
              sql.replace(/\?/g, () => `$${++at}`),
              params,
            )
          ).rows;
        } finally {
          await client.end();
        }
      },
      async execEach(sql, paramLists) {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        try {
          await client.query(`SET search_path TO ${schema}`);
          let at = 0;
          const text = sql.replace(/\?/g, () => `$${++at}`);
          for (const params of paramLists) await client.query(text, params);
        } finally {
          await client.end();
        }
      },
      dispose: () => dropSchema(schema),
    };
  },
  skipPg !== null,
);

/** A section's id and heading path from the document view's own-part sections, as the viewer builds them. */
function fromSections(
  sections: {
    sect_path: string;
    title: string;
    heading_path?: string[];
    section_key: string | null;
    slug: string | null;
  }[],
  sectPath: string,
): { id: string; heading_path: string[] } | null {
  const section = sections.find((s) => s.sect_path === sectPath);
  if (section === undefined) return null;
  const dot = sectPath.lastIndexOf('.');
  const parent = dot === -1 ? null : fromSections(sections, sectPath.slice(0, dot));
  return {
    id: section.section_key ?? (parent ? `${parent.id}/${section.slug}` : section.slug!),
    heading_path: section.heading_path ?? [...(parent?.heading_path ?? []), section.title],
  };
}

describe('GET /api/documents/:doc', () => {
  test('grows with the input, not with headings times chunks, and every section id and path rebuilds from its sections', async () => {
    const dir = tempDir('cairn-sections-api-');
    const files = {
      'long.md': `# ${'heading word '.repeat(8_000)}\n\n${'Body text under the long heading. '.repeat(1000)}\n`,
      'deep.md': deepHeadings(200),
      'shallow.md': deepHeadings(200, 10),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const store = await openStore({ db: join(dir, 'cairn.db') });
    try {
      const summary = await ingestSources(store, Object.keys(files), { workers: 0, cwd: dir });
      expect(summary.failed).toBe(0);
      const app = createApp({ store, cwd: dir });
      const answered: Record<string, number> = {};
      for (const name of Object.keys(files)) {
        const response = await app.request(`/api/documents/${encodeURIComponent(name)}`);
        expect(response.status).toBe(200);
        const raw = await response.text();
        answered[name] = Buffer.byteLength(raw);
        const body = JSON.parse(raw);
        const chunks = await store.listChunks(
          (await store.getDocument(name))!.current_version_id,
          body.chunker_id,
        );
        const legible = await legibleSections(store, chunks);
        expect(chunks.length).toBeGreaterThan(5);
        for (const [i, chunk] of chunks.entries()) {
          const span = body.chunks[i];
          const section =
            span.sect_path === null
              ? { id: span.section_id, heading_path: [] }
              : fromSections(body.sections, span.sect_path);
          expect(section).toEqual({ id: legible[i]!.section_id, heading_path: chunk.heading_path });
        }
      }
      const bytes = (name: keyof typeof files) => Buffer.byteLength(files[name]);
      // a 100 KB heading: the text once, its title (cut at 1024) and slug a few times
      expect(answered['long.md']!).toBeLessThan(2 * bytes('long.md'));
      // 5 KB more of headings: a few times 5 KB more of answer, not 200 chunks times 5 KB
      expect(answered['deep.md']! - answered['shallow.md']!).toBeLessThan(
        10 * (bytes('deep.md') - bytes('shallow.md')),
      );
    } finally {
      await store.close();
    }
  });
});
