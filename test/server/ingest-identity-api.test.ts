import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { createApp } from '../../src/server/create-app.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { tempDir } from '../support/temp-dir.js';
import { call } from './support/api-fixture.js';

const TOKEN = 'identity-token-51c2';
const CHUNKER = defaultChunkerRegistry().get('default').chunker_id;
const CHAPTERS = ['ch04-00-understanding-ownership.md', 'ch06-00-enums.md'];

let site: string;
const stores: ChunkStore[] = [];

beforeAll(() => {
  // the server's root holds a repository; the servers run from two other folders
  site = tempDir('cairn-api-identity-');
  mkdirSync(join(site, 'repo', 'docs'), { recursive: true });
  mkdirSync(join(site, 'run', 'a'), { recursive: true });
  mkdirSync(join(site, 'run', 'b', 'deeper'), { recursive: true });
  for (const name of CHAPTERS) {
    copyFileSync(corpusPath('rustbook', name), join(site, 'repo', 'docs', name));
  }
});

afterAll(async () => {
  for (const store of stores) await store.close();
});

async function freshStore(name: string): Promise<ChunkStore> {
  const store = await openStore({ db: join(site, `${name}.db`) });
  stores.push(store);
  return store;
}

/** doc_uid -> source_url and current chunk IDs, for every document of a store. */
async function identities(store: ChunkStore) {
  const out: Record<string, { source_url: string; chunks: string[] }> = {};
  for (const document of await store.listDocuments()) {
    const chunks = await store.listChunks(document.current_version_id, CHUNKER);
    out[document.doc_uid] = {
      source_url: document.source_url,
      chunks: chunks.map((c) => c.chunk_id),
    };
  }
  return out;
}

function post(app: ReturnType<typeof createApp>, path: string, body: unknown) {
  return call(app, path, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/ingest takes the identity options of cairn ingest', () => {
  test('"root": servers in two working directories, and the library, make the same doc_uids and chunk IDs', async () => {
    const made = [];
    for (const cwd of [join(site, 'run', 'a'), join(site, 'run', 'b', 'deeper')]) {
      const store = await freshStore(`server-${made.length}`);
      const app = createApp({ store, cwd, root: site, token: TOKEN, log: () => {} });
      const r = await post(app, '/api/ingest', { path: 'repo/docs', root: 'repo' });
      expect([r.status, r.body.failed]).toEqual([200, 0]);
      made.push(await identities(store));
    }
    const library = await freshStore('library');
    const summary = await ingestSources(library, ['../repo/docs'], {
      cwd: join(site, 'run'),
      root: join(site, 'repo'),
      workers: 0,
    });
    expect(summary.failed).toBe(0);
    made.push(await identities(library));

    expect(
      Object.values(made[0]!)
        .map((d) => d.source_url)
        .sort(),
    ).toEqual(CHAPTERS.map((name) => `docs/${name}`));
    for (const document of Object.values(made[0]!))
      expect(document.chunks.length).toBeGreaterThan(0);
    expect(made[1]).toEqual(made[0]);
    expect(made[2]).toEqual(made[0]);

    // without a root, the path follows the server's working directory, and so does the doc_uid
    const store = await freshStore('no-root');
    const app = createApp({
      store,
      cwd: join(site, 'run', 'a'),
      root: site,
      token: TOKEN,
      log: () => {},
    });
    expect((await post(app, '/api/ingest', { path: 'repo/docs' })).status).toBe(200);
    const plain = await identities(store);
    expect(
      Object.values(plain)
        .map((d) => d.source_url)
        .sort(),
    ).toEqual(CHAPTERS.map((name) => `../../repo/docs/${name}`));
    expect(Object.keys(plain).sort()).not.toEqual(Object.keys(made[0]!).sort());
  });

  test('"doc_uid" and a "source_url" template on a path, ?doc_uid= and ?source_url= on an upload; a root outside the server root is 403', async () => {
    const store = await freshStore('named');
    const app = createApp({ store, cwd: site, root: site, token: TOKEN, log: () => {} });
    const named = await post(app, '/api/ingest', {
      path: 'repo/docs/ch06-00-enums.md',
      root: 'repo',
      doc_uid: 'enums',
      source_url: 'https://github.com/org/repo/blob/main/{path}',
    });
    expect([named.status, named.body.failed]).toEqual([200, 0]);
    const upload = await call(
      app,
      `/api/ingest?name=notes.md&doc_uid=notes&source_url=${encodeURIComponent('https://example.org/{path}')}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: '# Notes\n\nTide tables.\n',
      },
    );
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({
      doc_uid: 'notes',
      source_url: 'https://example.org/upload/notes.md',
    });
    const stored = await identities(store);
    expect(Object.keys(stored).sort()).toEqual(['enums', 'notes']);
    expect(stored.enums!.source_url).toBe(
      'https://github.com/org/repo/blob/main/docs/ch06-00-enums.md',
    );
    expect(stored.enums!.chunks[0]).toMatch(/^enums\|r=/);
    expect(upload.body.first_chunk_id).toMatch(/^notes\|r=/);

    const many = await post(app, '/api/ingest', { path: 'repo/docs', doc_uid: 'x' });
    expect([many.status, many.body.error?.code]).toEqual([400, 'invalid_option']);
    const outside = await post(app, '/api/ingest', { path: 'repo/docs', root: '../elsewhere' });
    expect([outside.status, outside.body.error?.code]).toEqual([403, 'path_outside_root']);
    const typed = await post(app, '/api/ingest', { path: 'repo/docs', root: 7 });
    expect([typed.status, typed.body.error?.code]).toEqual([400, 'invalid_option']);
  });
});
