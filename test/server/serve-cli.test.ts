import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';

let bundle: Bundle;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // the worker entries beside the CLI: server-side path ingest parses on a worker thread, and
  // searches read on search workers
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
    'search-worker': 'src/server/search-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-serve-cli-'));
  mkdirSync(join(dir, 'book'));
  copyFileSync(
    corpusPath('rustbook', 'ch04-01-what-is-ownership.md'),
    join(dir, 'book', 'ownership.md'),
  );
  copyFileSync(corpusPath('rustbook', 'ch16-01-threads.md'), join(dir, 'threads.md'));
  expect(runCli(bundle.file('cli'), dir, ['ingest', 'book', '--workers', '0']).code).toBe(0);
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `cairn serve <args>` in the background; resolves with its address once it says it listens. */
function serve(
  args: string[],
  env: Record<string, string> = {},
  as: { uid?: number; gid?: number } = {},
) {
  const child = spawn(process.execPath, [bundle.file('cli'), 'serve', '--port', '0', ...args], {
    cwd: dir,
    env: { ...process.env, CAIRN_DB: '', CAIRN_TOKEN: '', ...env },
    ...as,
  });
  children.push(child);
  let stderr = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const listening = new Promise<string>((done, fail) => {
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
      const match = /cairn serve: (http:\/\/\S+?)\/ over/.exec(stderr);
      if (match) done(match[1]!);
    });
    exited.then((code) => fail(new Error(`cairn serve exited ${code}: ${stderr}`)));
  });
  return { child, listening, exited, stderr: () => stderr };
}

describe('cairn serve', () => {
  test('serves the store on a free loopback port, takes writes with the token, stops cleanly on SIGTERM', async () => {
    const server = serve(['--root', '.', '--ingest-workers', '1'], { CAIRN_TOKEN: 'cli-token' });
    const url = await server.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.stderr()).toContain('writes need the bearer token');
    expect(server.stderr()).toMatch(/; \d+ search workers\)/);
    expect(await (await fetch(`${url}/health`)).json()).toMatchObject({
      status: 'ok',
      store: 'sqlite',
    });
    const hits = (await (await fetch(`${url}/api/search?q=ownership&k=2`)).json()) as {
      hits: { source_url: string }[];
    };
    expect(hits.hits[0]!.source_url).toBe('book/ownership.md');
    const page = await fetch(`${url}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const refused = await fetch(`${url}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'threads.md' }),
    });
    expect(refused.status).toBe(401);
    const ingested = await fetch(`${url}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer cli-token' },
      body: JSON.stringify({ path: 'threads.md' }),
    });
    expect(ingested.status).toBe(200);
    expect(await ingested.json()).toMatchObject({ created: 1, failed: 0, threads: 1 });
    // the CLI sees what the server wrote, under the same source_url
    expect(runCli(bundle.file('cli'), dir, ['show', 'threads.md']).code).toBe(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  /** Health answers that only a thread not busy parsing gives during the upload. */
  const WHILE_PARSING = 100;

  test('an upload is parsed on an ingest worker: the server answers other requests meanwhile', async () => {
    const server = serve(['--db', 'uploads.db', '--ingest-workers', '1'], {
      CAIRN_TOKEN: 'cli-token',
    });
    const url = await server.listening;
    // about 3 MB of list items: seconds of parsing, which would hold every request on one thread
    const items = Array.from({ length: 150_000 }, (_, i) => `- item ${i} of the upload\n`).join('');
    let settled = false;
    const upload = fetch(`${url}/api/ingest?name=big.md`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli-token' },
      body: `# Upload\n\n${items}`,
    }).finally(() => {
      settled = true;
    });
    // health checks one after another until the upload is answered. With the parse on the
    // server's own thread the first check after the body arrives waits for the whole parse, so
    // only a few are answered before the upload is; with a worker the thread stays free for many
    let answered = 0;
    while (!settled) {
      expect((await fetch(`${url}/health`)).status).toBe(200);
      answered++;
    }
    const answer = await upload;
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ status: 'created', source_url: 'upload/big.md' });
    expect(answered).toBeGreaterThanOrEqual(WHILE_PARSING);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  test('without CAIRN_TOKEN it says it is read-only; bad flags exit 2 with a code', async () => {
    const server = serve([]);
    const url = await server.listening;
    expect(server.stderr()).toContain('read-only');
    const r = await fetch(`${url}/api/ingest?name=a.md`, { method: 'POST', body: '# A\n' });
    expect(r.status).toBe(403);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const flags of [
      ['--port', '70000'],
      ['--ingest-workers', '-1'],
      ['--search-workers', '-1'],
      ['--max-body-bytes', '0'],
    ]) {
      const bad = runCli(bundle.file('cli'), dir, ['serve', ...flags]);
      expect(bad.code, flags.join(' ')).toBe(2);
      expect(bad.stderr).toContain('invalid_option');
    }
  });

  test('without CAIRN_TOKEN it serves only a store that exists: a missing --db is store_unavailable and creates nothing', async () => {
    const missing = join(dir, 'no-such', 'typo.db');
    const server = serve(['--db', missing]);
    // a server that created the store would also listen: stop it then, so the test fails, not hangs
    const listened = await server.listening.then(
      () => true,
      () => false,
    );
    if (listened) server.child.kill('SIGKILL');
    expect(listened).toBe(false);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toContain('store_unavailable');
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(dir, 'no-such'))).toBe(false);
  });

  test('without CAIRN_TOKEN a database file it cannot write is served read-only: searches answer untraced', async () => {
    const ro = mkdtempSync(join(tmpdir(), 'cairn-serve-ro-'));
    try {
      copyFileSync(join(dir, '.cairn', 'cairn.db'), join(ro, 'cairn.db'));
      chmodSync(join(ro, 'cairn.db'), 0o444);
      // SQLite makes its -shm file beside the database, so the folder stays writable; root
      // writes any file whatever its mode, so the server runs as an ordinary user then
      chmodSync(ro, 0o777);
      const as = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const server = serve(['--db', join(ro, 'cairn.db')], {}, as);
      const url = await server.listening;
      expect(server.stderr()).toContain('is read-only: no trace row or log line is written');
      const r = await fetch(`${url}/api/search?q=ownership&k=2`);
      expect(r.status).toBe(200);
      const body = (await r.json()) as { hits: unknown[]; traced: boolean };
      expect(body.hits.length).toBeGreaterThan(0);
      expect(body.traced).toBe(false);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      rmSync(ro, { recursive: true, force: true });
    }
  });

  test('--host with an IPv6 address answers requests to the address it prints', async () => {
    const server = serve(['--host', '::']);
    const url = await server.listening.catch((error: Error) => {
      // a host without IPv6 cannot bind [::]: nothing to check there
      if (/EAFNOSUPPORT|EADDRNOTAVAIL/.test(error.message)) return null;
      throw error;
    });
    if (url !== null) {
      expect(url).toMatch(/^http:\/\/\[::\]:\d+$/);
      const r = await fetch(`${url}/health`);
      expect(r.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  test('--help gives the --schema default the store uses: CAIRN_PG_SCHEMA, else the search_path', () => {
    const help = runCli(bundle.file('cli'), dir, ['serve', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /--schema <name>\s+PostgreSQL schema \(default: \$CAIRN_PG_SCHEMA,/,
    );
    expect(help.stdout).toContain("server's search_path");
    expect(help.stdout).not.toContain('default: public');
  });

  test('a port another process holds is address_in_use, exit 2, no stack trace', async () => {
    const first = serve([]);
    const port = new URL(await first.listening).port;
    const second = runCli(bundle.file('cli'), dir, ['serve', '--port', port]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('address_in_use');
    expect(second.stderr).not.toMatch(/\n\s+at /);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });
});
