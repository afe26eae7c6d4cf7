import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from './pg-support.js';

/**
 * One NUL policy for every format, decided before hashing: NUL in a source's
 * own text is `binary_input` wherever it is (the sniff once read only the
 * first 8 KB), and a NUL that a JSON escape decodes to is stored as U+FFFD,
 * in a value or in a key (the chunk's JSON pointer).
 * JSON `"\u0000"` was stored by SQLite and refused by PostgreSQL (22021).
 */
const skipPg = await postgresSkipReason();
let dir: string;
const long = 'Export controls apply to items. '.repeat(20);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-nul-'));
  writeFileSync(join(dir, 'record.json'), JSON.stringify({ body: `${long}\u0000${long}` }));
  // a NUL in a key reaches the store in the chunk's JSON pointer
  writeFileSync(join(dir, 'keyed.json'), JSON.stringify({ 'a\u0000b': long }));
  const late = `${'Plain words here.\n\n'.repeat(600)}after the nul \u0000 byte\n`;
  writeFileSync(join(dir, 'late.txt'), late);
  writeFileSync(join(dir, 'late.md'), `# Late\n\n${late}`);
  writeFileSync(
    join(dir, 'utf16.md'),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# T\n\na\u0000b\n', 'utf16le')]),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const backends: [
  string,
  boolean,
  () => Promise<{ store: ChunkStore; dispose(): Promise<void> }>,
][] = [
  [
    'SQLite',
    false,
    async () => {
      const db = join(dir, `${Math.random().toString(36).slice(2)}.db`);
      return { store: await openStore({ db }), dispose: async () => rmSync(db, { force: true }) };
    },
  ],
  [
    'PostgreSQL',
    skipPg !== null,
    async () => {
      const schema = uniqueSchema();
      return {
        store: await openStore({ db: PG_URL, schema }),
        dispose: () => dropSchema(schema),
      };
    },
  ],
];

const revs = new Map<string, string>();

describe.each(backends)('NUL on %s', (name, skip, open) => {
  test.skipIf(skip)(
    'is refused in source text and stored as U+FFFD from a JSON escape',
    async () => {
      const { store, dispose } = await open();
      try {
        const summary = await ingestSources(
          store,
          ['record.json', 'keyed.json', 'late.txt', 'late.md', 'utf16.md'],
          { workers: 0, cwd: dir, parse_options: { chunk_threshold_chars: 100 } },
        );
        const by = Object.fromEntries(summary.documents.map((d) => [d.source_url, d]));
        for (const file of ['late.txt', 'late.md', 'utf16.md']) {
          expect(by[file]).toMatchObject({ status: 'failed', error: { code: 'binary_input' } });
        }
        expect(by['late.txt']!.error!.message).toContain('NUL character at byte');
        expect(by['record.json']!.status).toBe('created');
        const doc = await store.getDocument(by['record.json']!.doc_uid!);
        const text = await store.getVersionText(doc!.current_version_id);
        expect(text!.canonical).toBe(`${long}\ufffd${long}`);
        const ids = (await store.listChunks(doc!.current_version_id, summary.chunker_id)).map(
          (c) => c.chunk_id,
        );
        expect(by['keyed.json']!.status).toBe('created');
        const keyed = await store.getDocument(by['keyed.json']!.doc_uid!);
        const pointers = (
          await store.listChunks(keyed!.current_version_id, summary.chunker_id)
        ).map((c) => c.json_pointer);
        expect(pointers).toEqual(['/a\ufffdb']);
        revs.set(name, JSON.stringify([ids, pointers]));
        expect(await store.check()).toEqual([]);
      } finally {
        await store.close();
        await dispose();
      }
    },
  );
});

test.skipIf(skipPg !== null)('gives the same chunk IDs on both stores', () => {
  expect(revs.get('SQLite')).toBeDefined();
  expect(revs.get('PostgreSQL')).toBe(revs.get('SQLite'));
});
