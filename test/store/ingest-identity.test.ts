import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from './support/bundle-entries.js';
import { runCli } from './support/run-cli.js';

let bundle: Bundle;
let dir: string;

beforeAll(async () => {
  bundle = await bundleEntries({
    cli: 'test/store/support/cli-entry.ts',
    'ingest-worker': 'src/ingest/ingest-worker.ts',
  });
  dir = mkdtempSync(join(tmpdir(), 'cairn-identity-'));
  mkdirSync(join(dir, 'repo', 'docs', 'book'), { recursive: true });
  mkdirSync(join(dir, 'elsewhere', 'deeper'), { recursive: true });
  for (const name of ['ch04-00-understanding-ownership.md', 'ch06-00-enums.md']) {
    copyFileSync(corpusPath('rustbook', name), join(dir, 'repo', 'docs', 'book', name));
  }
  copyFileSync(corpusPath('html', 'aclu.html'), join(dir, 'repo', 'docs', 'aclu.html'));
}, 120_000);

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const DEFAULT_CHUNKER = defaultChunkerRegistry().get('default').chunker_id;

/** doc_uid, source_url and chunk IDs of every document in a SQLite store. */
async function identities(db: string) {
  const store: ChunkStore = await openStore({ db });
  try {
    const out: Record<string, { source_url: string; chunks: string[] }> = {};
    for (const document of await store.listDocuments()) {
      const chunks = await store.listChunks(document.current_version_id, DEFAULT_CHUNKER);
      out[document.doc_uid] = {
        source_url: document.source_url,
        chunks: chunks.map((c) => c.chunk_id),
      };
    }
    return out;
  } finally {
    await store.close();
  }
}

describe('document identity under a declared root', () => {
  test('the same folder ingested from two working directories with --root gives the same doc_uids and chunk IDs', async () => {
    const repo = join(dir, 'repo');
    const a = runCli(bundle.file('cli'), repo, [
      'ingest',
      'docs',
      '--root',
      '.',
      '--db',
      join(dir, 'a.db'),
      '--workers',
      '0',
    ]);
    expect(a.stderr).not.toContain('error');
    expect(a.code).toBe(0);
    const b = runCli(bundle.file('cli'), join(dir, 'elsewhere', 'deeper'), [
      'ingest',
      '../../repo/docs',
      '--root',
      '../../repo',
      '--db',
      join(dir, 'b.db'),
      '--workers',
      '0',
    ]);
    expect(b.code).toBe(0);
    const first = await identities(join(dir, 'a.db'));
    const second = await identities(join(dir, 'b.db'));
    expect(Object.keys(first)).toHaveLength(3);
    for (const document of Object.values(first)) expect(document.chunks.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    expect(
      Object.values(first)
        .map((d) => d.source_url)
        .sort(),
    ).toEqual([
      'docs/book/ch04-00-understanding-ownership.md',
      'docs/book/ch06-00-enums.md',
      // the page's <link rel="canonical">
      'https://www.aclu.org/blog/privacy-technology/internet-privacy/facebook-tracking-me-even-though-im-not-facebook',
    ]);
    // without a root the paths, and so the doc_uids, follow the working directory
    const c = runCli(bundle.file('cli'), join(dir, 'elsewhere'), [
      'ingest',
      '../repo/docs',
      '--db',
      join(dir, 'c.db'),
      '--workers',
      '0',
    ]);
    expect(c.code).toBe(0);
    const third = await identities(join(dir, 'c.db'));
    expect(Object.keys(third).sort()).not.toEqual(Object.keys(first).sort());
  }, 120_000);

  test('--source-url fills {path} with the stored path; --doc-uid names a single file; a file outside the root is refused', async () => {
    const repo = join(dir, 'repo');
    const db = join(dir, 'template.db');
    // the root from CAIRN_ROOT this time, which --root stands in for
    const run = runCli(
      bundle.file('cli'),
      join(dir, 'elsewhere'),
      [
        'ingest',
        '../repo/docs',
        '--db',
        db,
        '--workers',
        '0',
        '--json',
        '--source-url',
        'https://github.com/org/repo/blob/main/{path}',
      ],
      { CAIRN_ROOT: '../repo' },
    );
    expect(run.code).toBe(0);
    const stored = await identities(db);
    const plain = await identities(join(dir, 'a.db'));
    // the doc_uid stays the path's: a template changes the link, not the identity
    expect(Object.keys(stored).sort()).toEqual(Object.keys(plain).sort());
    expect(
      Object.values(stored)
        .map((d) => d.source_url)
        .sort(),
    ).toEqual([
      'https://github.com/org/repo/blob/main/docs/aclu.html',
      'https://github.com/org/repo/blob/main/docs/book/ch04-00-understanding-ownership.md',
      'https://github.com/org/repo/blob/main/docs/book/ch06-00-enums.md',
    ]);

    const single = runCli(bundle.file('cli'), repo, [
      'ingest',
      'docs/book/ch06-00-enums.md',
      '--doc-uid',
      'enums',
      '--db',
      join(dir, 'single.db'),
      '--workers',
      '0',
    ]);
    expect(single.code).toBe(0);
    const named = await identities(join(dir, 'single.db'));
    expect(Object.keys(named)).toEqual(['enums']);
    expect(named.enums!.chunks[0]).toMatch(/^enums\|r=/);
    const many = runCli(bundle.file('cli'), repo, [
      'ingest',
      'docs',
      '--doc-uid',
      'x',
      '--db',
      join(dir, 'many.db'),
    ]);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('invalid_option');

    const store = await openStore({ db: join(dir, 'outside.db') });
    try {
      await expect(
        ingestSources(store, ['docs'], { cwd: repo, root: join(repo, 'docs', 'book'), workers: 0 }),
      ).rejects.toMatchObject({ code: 'path_outside_root' });
    } finally {
      await store.close();
    }
  }, 120_000);
});
