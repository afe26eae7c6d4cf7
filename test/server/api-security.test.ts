import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { resolveChunk } from '../../src/pipeline/resolve-chunk.js';
import { HTTP_STATUS } from '../../src/server/error-response.js';
import { buildOpenApi, loadContractSchemas } from '../../src/server/openapi.js';
import { startServer } from '../../src/server/start-server.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import {
  type ApiFixture,
  buildApiFixture,
  CHAPTERS,
  call,
  type JsonBody,
} from './support/api-fixture.js';
import { schemaOf } from './support/schema-of.js';

const TOKEN = 'test-token-7f3a';
const auth = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

/** Bytes sent as they are (fetch would normalise the target and Host); the whole answer as text. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

let f: ApiFixture;
let dbDir: string;
let outside: string;

beforeAll(async () => {
  dbDir = mkdtempSync(join(tmpdir(), 'cairn-api-sec-'));
  f = await buildApiFixture(await openStore({ db: join(dbDir, 'cairn.db') }));
  outside = mkdtempSync(join(tmpdir(), 'cairn-outside-'));
  writeFileSync(join(outside, 'secret.md'), '# Secret\n\nNot for the server to read.\n');
  mkdirSync(join(f.dir, 'inbox'));
  writeFileSync(join(f.dir, 'inbox', 'note.md'), '# Inbox\n\nA note dropped under the root.\n');
  symlinkSync(join(outside, 'secret.md'), join(f.dir, 'inbox', 'link-out.md'));
  symlinkSync(outside, join(f.dir, 'dir-out'));
});

afterAll(async () => {
  await f?.dispose();
  rmSync(dbDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('writes need the bearer token', () => {
  test('a server started without CAIRN_TOKEN takes no writes, whatever the header says', async () => {
    for (const headers of [{}, auth()]) {
      const r = await call(f.app, '/api/ingest?name=a.md', {
        method: 'POST',
        headers,
        body: '# A\n',
      });
      expect([r.status, r.body.error.code]).toEqual([403, 'writes_disabled']);
    }
  });

  test('no token: 401 with a Bearer challenge; a wrong one: 403; nothing written either way', async () => {
    const app = f.appWith({ token: TOKEN });
    const before = await f.store.counts();
    const none = await call(app, '/api/ingest?name=a.md', {
      method: 'POST',
      body: '# A\n\nText.\n',
    });
    expect([none.status, none.body.error.code]).toEqual([401, 'unauthorized']);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    for (const header of [
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN} extra`,
      'Bearer',
    ]) {
      const r = await call(app, '/api/ingest?name=a.md', {
        method: 'POST',
        headers: { authorization: header },
        body: '# A\n\nText.\n',
      });
      expect([r.status, r.body.error.code], header).toEqual([403, 'forbidden']);
    }
    expect(await f.store.counts()).toEqual(before);
  });

  test('with the token: an upload is stored once, then unchanged, and its chunks are served', async () => {
    const app = f.appWith({ token: TOKEN });
    const body = '# Upload\n\nHerons count the tide.\n\n## More\n\nThe reeds keep the lanterns.\n';
    const first = await call(app, '/api/ingest?name=upload-note.md', {
      method: 'POST',
      headers: auth(),
      body,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'created', source_url: 'upload/upload-note.md' });
    const again = await call(app, '/api/ingest?name=upload-note.md', {
      method: 'POST',
      headers: auth(),
      body,
    });
    expect([again.status, again.body.status]).toEqual([200, 'unchanged']);
    const chunk = await call(app, `/api/chunks/${encodeURIComponent(first.body.first_chunk_id)}`);
    expect(chunk.body.chunk.text).toContain('Herons count the tide.');
    for (const name of ['../x.md', 'a/b.md', '..', '', 'a\u0000.md', 'x'.repeat(201)]) {
      const r = await call(app, `/api/ingest?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: auth(),
        body,
      });
      expect([r.status, r.body.error.code], name).toEqual([400, 'invalid_option']);
    }
  });

  test('?name= makes an upload whatever the Content-Type: a notebook or JSON sent as application/json is stored, not read as a path', async () => {
    const app = f.appWith({ token: TOKEN });
    const upload = (name: string, body: string) =>
      call(app, `/api/ingest?name=${name}`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json; charset=utf-8' },
        body,
      });
    const notebook = await upload(
      'qt-console.ipynb',
      readFileSync(corpusPath('ipynb', 'Connecting-with-the-Qt-Console.ipynb'), 'utf8'),
    );
    expect(notebook.status).toBe(201);
    expect(notebook.body).toMatchObject({
      status: 'created',
      source_url: 'upload/qt-console.ipynb',
    });
    expect(notebook.body.chunks).toBeGreaterThan(0);
    // a body that looks like a path request is still the uploaded document
    const lookalike = await upload('data.json', JSON.stringify({ path: CHAPTERS[0] }));
    expect(lookalike.status).toBe(201);
    expect(lookalike.body).toMatchObject({ status: 'created', source_url: 'upload/data.json' });
    expect(lookalike.body).not.toHaveProperty('files');
  });

  test('server-side paths: inside the root they ingest as the CLI would; every escape is 403', async () => {
    const app = f.appWith({ token: TOKEN });
    const post = (path: unknown) =>
      call(app, '/api/ingest', {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ path }),
      });
    const ok = await post('inbox/note.md');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ files: 1, created: 1, failed: 0 });
    expect(ok.body.documents[0].source_url).toBe('inbox/note.md');
    expect(ok.body).not.toHaveProperty('store');
    const escapes = [
      '../outside.md',
      'inbox/../../x.md',
      '..\\x.md',
      join(outside, 'secret.md'),
      '/etc/passwd',
      'file:///etc/passwd',
      'inbox/note.md\u0000.txt',
      'inbox/link-out.md',
      'dir-out/secret.md',
      'dir-out',
    ];
    for (const path of escapes) {
      const r = await post(path);
      expect([r.status, r.body.error.code], path).toEqual([403, 'path_outside_root']);
      // the caller's own path comes back; where the server's root or the link targets are does not
      if (!String(path).includes(outside)) expect(JSON.stringify(r.body)).not.toContain(outside);
      expect(JSON.stringify(r.body)).not.toContain(f.dir);
    }
    expect(await f.store.getDocument('secret.md')).toBeNull();
    // a folder under the root is walked, its links followed only where they stay inside
    const folder = await post('inbox');
    expect(folder.status).toBe(200);
    expect(folder.body.documents.map((d: { source_url: string }) => d.source_url)).toEqual([
      'inbox/note.md',
    ]);
    expect(JSON.stringify(folder.body)).not.toContain('Secret');
    const missing = await post('inbox/nope.md');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'file_not_found']);
    const notString = await post(42);
    expect([notString.status, notString.body.error.code]).toEqual([400, 'invalid_option']);
  });

  test('a FIFO under the root is refused as unreadable, not answered 500', async () => {
    const app = f.appWith({ token: TOKEN });
    execFileSync('mkfifo', [join(f.dir, 'inbox', 'pipe.md')]);
    try {
      const r = await call(app, '/api/ingest', {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ path: 'inbox/pipe.md' }),
      });
      expect([r.status, r.body.error.code]).toEqual([422, 'file_unreadable']);
      expect(JSON.stringify(r.body)).not.toContain(f.dir);
    } finally {
      rmSync(join(f.dir, 'inbox', 'pipe.md'));
    }
  });
});

describe('POST /api/ingest answers what its OpenAPI entry lists', () => {
  test('every status it answers (200, 201, 207, 400, 401, 403, 404, 413, 415, 422) is documented, with the body schemas', async () => {
    mkdirSync(join(f.dir, 'mixed'));
    writeFileSync(join(f.dir, 'mixed', 'good.md'), '# Good\n\nHerons at the mixed pond.\n');
    writeFileSync(join(f.dir, 'mixed', 'binary.md'), Buffer.from([0, 1, 2, 0xff, 0xfe, 0]));
    const app = f.appWith({ token: TOKEN });
    const post = (query: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
      call(app, `/api/ingest${query}`, {
        method: 'POST',
        headers: { ...auth(), ...headers },
        body,
      });
    const asJson = { 'content-type': 'application/json' };
    const answered: Record<number, JsonBody> = {};
    const seen = (r: { status: number; body: JsonBody }) => {
      answered[r.status] = r.body;
    };
    seen(await post('?name=statuses.md', '# Statuses\n\nHerons.\n'));
    seen(await post('?name=statuses.md', '# Statuses\n\nHerons.\n'));
    seen(await post('', JSON.stringify({ path: 'mixed' }), asJson));
    seen(await post('?name=x.md&chunker=bogus', '# X\n'));
    seen(await call(app, '/api/ingest?name=x.md', { method: 'POST', body: '# X\n' }));
    seen(await post('', JSON.stringify({ path: '../x' }), asJson));
    seen(await post('', JSON.stringify({ path: 'nope.md' }), asJson));
    seen(
      await call(f.appWith({ token: TOKEN, max_body_bytes: 16 }), '/api/ingest?name=x.md', {
        method: 'POST',
        headers: auth(),
        body: '# X\n\nMore than sixteen bytes.\n',
      }),
    );
    seen(await post('?name=x.md', '# X\n', { 'content-encoding': 'zstd' }));
    seen(await post('?name=x.ipynb', '{"cells": 5}'));
    expect(Object.keys(answered).map(Number).sort()).toEqual([
      200, 201, 207, 400, 401, 403, 404, 413, 415, 422,
    ]);
    const responses = (await call(f.app, '/openapi.json')).body.paths['/api/ingest'].post.responses;
    for (const status of Object.keys(answered)) expect(responses, status).toHaveProperty(status);
    expect(schemaOf('UploadResult')(answered[201])).toEqual([]);
    expect(schemaOf('UploadResult')(answered[200])).toEqual([]);
    expect(schemaOf('IngestSummary')(answered[207])).toEqual([]);
    expect(answered[207].failed).toBe(1);
  });
});

describe('the other routes answer what their OpenAPI entries list', () => {
  test('each error status a caller can provoke on search, validate, traces, documents and chunks is documented', async () => {
    const asJson = { 'content-type': 'application/json' };
    const zstd = { ...asJson, 'content-encoding': 'zstd' };
    const post = (body: string, headers: Record<string, string> = asJson): RequestInit => ({
      method: 'POST',
      headers,
      body,
    });
    const cases: [route: string, method: string, url: string, init: RequestInit, status: number][] =
      [
        ['/api/search', 'get', '/api/search?q=', {}, 400],
        ['/api/search', 'get', '/api/search?q=heron&doc=no-such-doc', {}, 404],
        ['/api/search', 'get', '/api/search?q=heron&analyzer=other', {}, 409],
        ['/api/search', 'post', '/api/search', post('{"query":'), 400],
        ['/api/search', 'post', '/api/search', post('{"query":"heron","doc":"no-such-doc"}'), 404],
        ['/api/search', 'post', '/api/search', post('{"query":"heron","analyzer":"other"}'), 409],
        ['/api/search', 'post', '/api/search', post('{"query":"heron"}', zstd), 415],
        ['/api/validate/citations', 'post', '/api/validate/citations', post('[]', zstd), 415],
        ['/api/validate/answer', 'post', '/api/validate/answer', post('{}', zstd), 415],
        ['/api/traces', 'get', '/api/traces?limit=many', {}, 400],
        ['/api/documents', 'get', '/api/documents?offset=far', {}, 400],
        ['/api/documents/{doc}', 'get', '/api/documents/no-such-doc', {}, 404],
        ['/api/chunks/{id}', 'get', '/api/chunks/not-an-id', {}, 400],
      ];
    const paths = (await call(f.app, '/openapi.json')).body.paths;
    for (const [route, method, url, init, status] of cases) {
      const r = await call(f.app, url, init);
      expect(r.status, `${method} ${url}`).toBe(status);
      expect(paths[route][method].responses, `${method} ${url}`).toHaveProperty(String(status));
      expect(schemaOf('Error')(r.body), `${method} ${url}`).toEqual([]);
    }
  });
});

describe('a chunk ID that several chunkers share', () => {
  test('over HTTP the error says ?chunker=, the CLI wording (--chunker) stays for the CLI', async () => {
    const store = await openStore({ db: join(dbDir, 'two-chunkers.db') });
    try {
      for (const chunker of ['char', 'token']) {
        await ingestSources(store, [CHAPTERS[0]!], { workers: 0, cwd: f.dir, chunker });
      }
      const version = (await store.getDocument(CHAPTERS[0]!))!.current_version_id;
      const ids = async (chunker: string) =>
        (await store.listChunks(version, defaultChunkerRegistry().id_of(chunker))).map(
          (c) => c.chunk_id,
        );
      const token = new Set(await ids('token'));
      const shared = (await ids('char')).filter((id) => token.has(id));
      expect(shared.length).toBeGreaterThan(0);
      const app = f.appWith({ store });
      const path = `/api/chunks/${encodeURIComponent(shared[0]!)}`;
      const r = await call(app, path);
      expect([r.status, r.body.error.code]).toEqual([400, 'invalid_option']);
      expect(r.body.error.message).toContain('?chunker=');
      expect(r.body.error.message).not.toContain('--chunker');
      expect((await call(app, `${path}?chunker=char`)).status).toBe(200);

      const hit = (
        await call(app, '/api/search?q=ownership%20rules&k=20&chunker=char')
      ).body.hits.find((h: { snippet_id: string }) => token.has(h.snippet_id));
      expect(hit).toBeDefined();
      const { text: _t, heading_path: _h, ...citation } = hit;
      const validated = await call(app, '/api/validate/citations', {
        method: 'POST',
        body: JSON.stringify([citation]),
      });
      // the hit's index_hash names the index, and so the chunker, it came from
      expect(validated.status).toBe(200);
      expect(validated.body).toMatchObject({ ok: true, citations: [{ status: 'verified' }] });
      // without it, and with offsets no chunker's chunk has, the store cannot tell which is meant
      const { index_hash: _i, ...unindexed } = citation;
      const ambiguous = await call(app, '/api/validate/citations', {
        method: 'POST',
        body: JSON.stringify([{ ...unindexed, offsets: { start: 0, end: 1, unit: 'char' } }]),
      });
      expect([ambiguous.status, ambiguous.body.error.code]).toEqual([400, 'invalid_option']);
      expect(ambiguous.body.error.message).toContain('?chunker=');
      // trace completeness on request: the same citation without k_pos
      const { k_pos: _k, ...untraced } = citation;
      const incomplete = await call(app, '/api/validate/citations?require_k_pos=1', {
        method: 'POST',
        body: JSON.stringify([untraced]),
      });
      expect(incomplete.status).toBe(422);
      expect(incomplete.body.issues.map((i: { code: string }) => i.code)).toEqual([
        'missing_k_pos',
      ]);

      await expect(resolveChunk(store, shared[0]!)).rejects.toThrow(/say which with --chunker/);
    } finally {
      await store.close();
    }
  });
});

describe('a SQLite store another process holds a write lock on', () => {
  test('search answers at once, untraced, instead of stalling the server for the busy timeout', async () => {
    const db = join(dbDir, 'locked.db');
    const store = await openStore({ db });
    const other = new Database(db);
    try {
      await ingestSources(store, [CHAPTERS[0]!], { workers: 0, cwd: f.dir });
      const app = f.appWith({ store });
      const traces = () =>
        (other.prepare('SELECT count(*) AS n FROM rag_traces').get() as { n: number }).n;
      const before = traces();
      other.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      const locked = await call(app, '/api/search?q=ownership');
      const waited = performance.now() - started;
      other.exec('COMMIT');
      expect(locked.status).toBe(200);
      expect(locked.body.hits.length).toBeGreaterThan(0);
      expect(locked.body.traced).toBe(false);
      // the default busy timeout is 30 s; the server waits its trace_wait_ms (250 ms)
      expect(waited).toBeLessThan(5000);
      expect(traces()).toBe(before);
      const free = await call(app, '/api/search?q=ownership');
      expect(free.body.traced).toBe(true);
      expect(traces()).toBe(before + 1);
      // the index manifest the locked search could not write is written by the next
      expect(free.body.index_hash).toBe(locked.body.index_hash);
      expect(await store.getIndexManifest(free.body.index_hash)).not.toBeNull();
    } finally {
      other.close();
      await store.close();
    }
  }, 60_000);
});

describe('request bodies are bounded after decompression', () => {
  const small = (max = 4096) => f.appWith({ max_body_bytes: max });
  const search = (body: RequestInit['body'], headers: Record<string, string> = {}, max = 4096) =>
    call(small(max), '/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  test('an oversized body is 413, streamed or declared', async () => {
    const big = JSON.stringify({ query: 'ownership', pad: 'x'.repeat(10_000) });
    const r = await search(big);
    expect([r.status, r.body.error.code]).toEqual([413, 'body_too_large']);
    const declared = await search('{}', { 'content-length': '999999999' });
    expect(declared.status).toBe(413);
    const citations = await call(small(), '/api/validate/citations', {
      method: 'POST',
      body: `[${' '.repeat(5000)}]`,
    });
    expect(citations.status).toBe(413);
  });

  test('a gzip bomb is cut off at the limit; a small gzip body is read', async () => {
    // 20 MB of JSON in about 20 kB: under the limit on the wire, hundreds of times over it inflated
    const bomb = gzipSync(
      Buffer.from(JSON.stringify({ query: 'ownership', pad: ' '.repeat(20_000_000) })),
    );
    expect(bomb.byteLength).toBeLessThan(65_536);
    const r = await search(bomb, { 'content-encoding': 'gzip' }, 65_536);
    expect([r.status, r.body.error.code]).toEqual([413, 'body_too_large']);
    const fine = await search(gzipSync(JSON.stringify({ query: 'ownership', k: 2 })), {
      'content-encoding': 'gzip',
    });
    expect(fine.status).toBe(200);
    expect(fine.body.hits.length).toBeGreaterThan(0);
    const unknown = await search('{"query":"x"}', { 'content-encoding': 'zstd-ish' });
    expect([unknown.status, unknown.body.error.code]).toEqual([415, 'unsupported_media_type']);
    const corrupt = await search('not gzip at all', { 'content-encoding': 'gzip' });
    expect([corrupt.status, corrupt.body.error.code]).toEqual([400, 'invalid_encoding']);
  });

  test('a %-escape in the URL that is not UTF-8 is 400 invalid_utf8, not searched as its raw text', async () => {
    const before = (await call(f.app, '/api/traces?limit=500')).body.items.length;
    for (const url of [
      '/api/search?q=%FF%FE',
      '/api/search?q=caf%E9',
      '/api/search?q=heron&doc=%C3',
      '/api/documents/%FF',
      '/api/chunks/a%7Cr%3D%FF',
    ]) {
      const r = await call(f.app, url);
      expect([r.status, r.body.error?.code], url).toEqual([400, 'invalid_utf8']);
    }
    // nothing was searched, so nothing was traced
    expect((await call(f.app, '/api/traces?limit=500')).body.items.length).toBe(before);
    const utf8 = await call(f.app, '/api/search?q=caf%C3%A9%20ownership');
    expect([utf8.status, utf8.body.query]).toEqual([200, 'café ownership']);
    // a lone % is no escape: taken as written
    const percent = await call(f.app, '/api/search?q=100%25%20ownership%');
    expect([percent.status, percent.body.query]).toEqual([200, '100% ownership%']);
  });

  test('POST /api/search refuses a k or query of the wrong JSON type instead of reading true as k=1', async () => {
    const post = (body: unknown) =>
      call(f.app, '/api/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const k of [true, false, null, [3], { n: 3 }, 'lots']) {
      const r = await post({ query: 'ownership', k });
      expect([r.status, r.body.error?.code], JSON.stringify(k)).toEqual([400, 'invalid_option']);
    }
    for (const query of [5, ['ownership'], { q: 'ownership' }, true]) {
      const r = await post({ query });
      expect([r.status, r.body.error?.code], JSON.stringify(query)).toEqual([
        400,
        'invalid_option',
      ]);
    }
    expect((await post({ query: 'ownership', k: 3 })).body.hits.length).toBe(3);
    expect((await post({ query: 'ownership', k: '2' })).body.hits.length).toBe(2);
    const blank = await post({ query: '  ' });
    expect([blank.status, blank.body.error.code]).toEqual([400, 'empty_query']);
    const missing = await post({ k: 3 });
    expect([missing.status, missing.body.error.code]).toEqual([400, 'empty_query']);
  });

  test('malformed JSON is a 400 with a code', async () => {
    const r = await search('{"query": ');
    expect([r.status, r.body.error.code]).toEqual([400, 'malformed_json']);
  });

  test('a JSON body is refused as on the validate routes: malformed_json with its line and column, invalid_utf8 for bad UTF-8', async () => {
    const broken = await search('{\n  "query": "x",\n}');
    expect([broken.status, broken.body.error.code]).toEqual([400, 'malformed_json']);
    expect(broken.body.error.details).toMatchObject({ line: 3, column: 1 });
    const latin1 = await search(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect([latin1.status, latin1.body.error.code]).toEqual([400, 'invalid_utf8']);
  });
});

describe('what leaves the server', () => {
  test('an unexpected failure is 500 internal_error with no message, path or stack', async () => {
    const logged: string[] = [];
    const failing: ChunkStore = Object.create(f.store, {
      listDocuments: {
        value: async () => {
          throw new Error(`disk on fire at ${f.dir}/cairn.db`);
        },
      },
    });
    const app = f.appWith({ store: failing, log: (line) => logged.push(line) });
    const r = await call(app, '/api/documents');
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      error: { code: 'internal_error', message: 'The server failed to answer; see its log' },
    });
    expect(logged.join('\n')).toContain('disk on fire');
  });

  test('a store failure with no status of its own is 500 internal_error; the path and driver text go to the log only', async () => {
    const db = join(dbDir, 'closed.db');
    const closed = await openStore({ db });
    await closed.close();
    const logged: string[] = [];
    const app = f.appWith({ store: closed, log: (line) => logged.push(line) });
    const r = await call(app, '/api/documents');
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      error: { code: 'internal_error', message: 'The server failed to answer; see its log' },
    });
    expect(logged.join('\n')).toContain('store_error');
    expect(logged.join('\n')).toContain(db);
  });

  test('store_busy (503) and store_full (507) name no path, no driver message and carry no details', async () => {
    const busyDb = join(dbDir, 'busy.db');
    const busyStore = await openStore({ db: busyDb, busy_timeout_ms: 50 });
    const holder = new Database(busyDb);
    const logged: string[] = [];
    try {
      holder.exec('BEGIN IMMEDIATE');
      const app = f.appWith({
        store: busyStore,
        token: TOKEN,
        log: (line) => logged.push(line),
      });
      const r = await call(app, '/api/ingest?name=busy.md', {
        method: 'POST',
        headers: auth(),
        body: '# Busy\n\nHerons wait for the lock.\n',
      });
      expect(r.status).toBe(503);
      expect(r.body).toEqual({
        error: {
          code: 'store_busy',
          message: 'The store is locked by another writer; try again shortly',
        },
      });
      // the server's log keeps what the caller does not get
      expect(logged.join('\n')).toContain(busyDb);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
      await busyStore.close();
    }

    const fullDb = join(dbDir, 'full.db');
    await (await openStore({ db: fullDb })).close();
    const pages = Math.ceil(statSync(fullDb).size / 4096) + 2;
    const fullStore = await openStore({ db: fullDb, max_page_count: pages });
    try {
      const app = f.appWith({ store: fullStore, token: TOKEN });
      const big = readFileSync(corpusPath('rustbook', 'ch16-01-threads.md'), 'utf8');
      const r = await call(app, '/api/ingest?name=big.md', {
        method: 'POST',
        headers: auth(),
        body: big.repeat(4),
      });
      expect([r.status, r.body.error.code]).toEqual([507, 'store_full']);
      expect(r.body.error).not.toHaveProperty('details');
      expect(r.body.error.message).not.toMatch(/SQLITE|\//);
    } finally {
      await fullStore.close();
    }
  });

  test('unknown routes are JSON 404s', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/viewer/../../package.json'],
      ['GET', '/viewer/secret.js'],
      ['GET', '/api/chunks/'],
    ] as const) {
      const r = await call(f.app, path, { method });
      expect([r.status, r.body.error.code], `${method} ${path}`).toEqual([404, 'route_not_found']);
    }
  });

  test('a wrong method on a route is 405 method_not_allowed with Allow and a JSON body, with or without a token', async () => {
    for (const app of [f.app, f.appWith({ token: TOKEN })]) {
      for (const [method, path, allow] of [
        ['PUT', '/api/search', 'GET, HEAD, POST'],
        ['DELETE', '/api/documents', 'GET, HEAD'],
        ['GET', '/api/ingest', 'POST'],
        ['GET', '/api/validate/answer', 'POST'],
        ['POST', `/api/chunks/${encodeURIComponent('a|b')}`, 'GET, HEAD'],
        ['PATCH', '/api/search/', 'GET, HEAD, POST'],
      ] as const) {
        const r = await call(app, path, { method });
        expect([r.status, r.body.error.code], `${method} ${path}`).toEqual([
          405,
          'method_not_allowed',
        ]);
        expect(r.headers.get('allow'), `${method} ${path}`).toBe(allow);
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
  });

  test('a trailing slash is the same route', async () => {
    const plain = await call(f.app, '/api/search?q=ownership&k=3');
    const slashed = await call(f.app, '/api/search/?q=ownership&k=3');
    expect(slashed.status).toBe(200);
    expect(slashed.body.hits.map((h: { snippet_id: string }) => h.snippet_id)).toEqual(
      plain.body.hits.map((h: { snippet_id: string }) => h.snippet_id),
    );
    expect((await call(f.app, '/api/documents/')).status).toBe(200);
    expect((await call(f.app, '/health/')).status).toBe(200);
  });

  test("a request line over Node's header limit is 431 headers_too_large in JSON, not an empty body", async () => {
    const server = await startServer(f.app, { host: '127.0.0.1', port: 0 });
    try {
      const r = await fetch(`${server.url}/api/search?q=${'a'.repeat(30_000)}`);
      expect(r.status).toBe(431);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await r.json()) as JsonBody).error.code).toBe('headers_too_large');
      const fine = await fetch(`${server.url}/api/search?q=ownership`);
      expect(fine.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('a Host header or request target that makes no URL is 400 malformed_request in JSON, not an empty body', async () => {
    const server = await startServer(f.app, { host: '127.0.0.1', port: 0 });
    try {
      for (const [target, host] of [
        ['/health', 'localhost:abc'],
        ['/health', '127.0.0.1:99999'],
        ['/api/documents/a\\b', 'localhost'],
        ['*', 'localhost'],
        ['ftp://localhost/health', 'localhost'],
      ] as const) {
        const raw = await rawRequest(
          server.port,
          `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        const [head = '', body = ''] = raw.split('\r\n\r\n');
        expect(head.split('\r\n')[0], `${target} ${host}`).toBe('HTTP/1.1 400 Bad Request');
        expect(head.toLowerCase()).toContain('content-type: application/json');
        expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
        expect(head.toLowerCase()).toContain('referrer-policy: no-referrer');
        expect((JSON.parse(body) as JsonBody).error.code).toBe('malformed_request');
      }
      const fine = await fetch(`${server.url}/health`);
      expect(fine.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('a Host that is not loopback is refused (DNS rebinding), unless allowed', async () => {
    const r = await call(f.app, 'http://evil.example/api/documents');
    expect([r.status, r.body.error.code]).toEqual([403, 'host_not_allowed']);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    const allowed = f.appWith({ allowed_hosts: ['docs.internal:8080'] });
    expect((await call(allowed, 'http://docs.internal:8080/api/documents')).status).toBe(200);
    expect((await call(f.app, 'http://127.0.0.1:7411/api/documents')).status).toBe(200);
  });

  test('a page of another site cannot make the server search or validate: 403 cross_site_refused, no trace written', async () => {
    const db = new Database(join(dbDir, 'cairn.db'), { readonly: true });
    const traces = () =>
      (db.prepare('SELECT count(*) AS n FROM rag_traces').get() as { n: number }).n;
    const before = traces();
    const fromImage = await call(f.app, '/api/search?q=ownership', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    });
    expect([fromImage.status, fromImage.body.error.code]).toEqual([403, 'cross_site_refused']);
    const fromForm = await call(f.app, '/api/validate/answer', {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'no-cors',
        origin: 'https://evil.example',
        'content-type': 'text/plain',
      },
      body: '{"answer":[]}',
    });
    expect(fromForm.status).toBe(403);
    // HEAD asks for headers only: answered, untraced
    expect((await f.app.request('/api/search?q=ownership', { method: 'HEAD' })).status).toBe(200);
    expect(traces()).toBe(before);
    // a link the user followed, an origin --cors names, the same site, a tool that is no browser
    const navigated = await call(f.app, '/api/search?q=ownership', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(navigated.status).toBe(200);
    const allowed = await call(
      f.appWith({ cors_origins: ['https://app.example'] }),
      '/api/search?q=ownership',
      {
        headers: {
          'sec-fetch-site': 'cross-site',
          'sec-fetch-mode': 'cors',
          origin: 'https://app.example',
        },
      },
    );
    expect(allowed.status).toBe(200);
    const sameSite = await call(f.app, '/api/search?q=ownership', {
      headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' },
    });
    expect(sameSite.status).toBe(200);
    expect((await call(f.app, '/api/search?q=ownership')).status).toBe(200);
    expect(traces()).toBe(before + 4);
    db.close();
  });

  test('CORS is off unless origins are given', async () => {
    const origin = { origin: 'https://app.example' };
    const off = await call(f.app, '/api/documents', { headers: origin });
    expect(off.headers.get('access-control-allow-origin')).toBeNull();
    const on = await call(f.appWith({ cors_origins: ['https://app.example'] }), '/api/documents', {
      headers: origin,
    });
    expect(on.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  test('CORS preflight lists only the methods the API has, and CORS covers /openapi.json', async () => {
    const app = f.appWith({ cors_origins: ['https://app.example'] });
    const preflight = await app.request('/api/search', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST');
    const spec = await call(app, '/openapi.json', { headers: { origin: 'https://app.example' } });
    expect(spec.status).toBe(200);
    expect(spec.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  test('the viewer page is served with a CSP that allows no inline or foreign script', async () => {
    const page = await f.app.request('/');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('docs/http-api.md', () => {
  test('its error table gives every code the status the server answers it with', () => {
    const doc = readFileSync('docs/http-api.md', 'utf8');
    const section = doc.slice(doc.indexOf('## Errors'), doc.indexOf('## Limits and security'));
    const documented: Record<string, number> = {};
    for (const [, status, codes] of section.matchAll(/^\| (\d{3}) \| (.*) \|$/gm)) {
      for (const [, code] of codes!.matchAll(/`([a-z0-9_]+)`/g)) documented[code!] = Number(status);
    }
    expect(documented).toEqual({ ...HTTP_STATUS, internal_error: 500 });
  });
});

describe('/openapi.json', () => {
  test('describes every route the app answers, and embeds the contract schemas as shipped', async () => {
    const r = await call(f.app, '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    expect(Object.keys(r.body.paths).sort()).toEqual(
      [
        '/api/audit',
        '/api/chunks/{id}',
        '/api/chunks/{id}/boxes',
        '/api/documents',
        '/api/documents/{doc}',
        '/api/documents/{doc}/versions/{seq}/source',
        '/api/ingest',
        '/api/search',
        '/api/traces',
        '/api/validate/answer',
        '/api/validate/citations',
        '/health',
      ].sort(),
    );
    const { citation, answer } = loadContractSchemas();
    expect(r.body.components.schemas.CitationPayload).toEqual(citation);
    expect(r.body.components.schemas.AuditableAnswer).toEqual(answer);
    expect(r.body).toEqual(JSON.parse(JSON.stringify(buildOpenApi('0.1.0'))));
    // each documented path answers something other than route_not_found
    for (const [path, methods] of Object.entries(
      r.body.paths as Record<string, Record<string, unknown>>,
    )) {
      const concrete = path
        .replace('{id}', encodeURIComponent(`${CHAPTERS[0]}|r=00000000|s=01-|p=000|b=001`))
        .replace('{doc}', 'x')
        .replace('{seq}', '1');
      for (const method of Object.keys(methods)) {
        const res = await call(f.app, concrete, { method: method.toUpperCase() });
        expect(res.body?.error?.code, `${method} ${path}`).not.toBe('route_not_found');
      }
    }
  });
});
