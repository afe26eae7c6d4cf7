import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { CairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { exportChunks } from '../../src/search/export-chunks.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';

const CHAPTER = 'ch04-01-what-is-ownership.md';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-read-only-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A store of one rustbook chapter whose index manifest is missing, so the next read would record it. */
async function storeWithoutManifest(db: string): Promise<void> {
  copyFileSync(corpusPath('rustbook', CHAPTER), join(dir, CHAPTER));
  const store = await openStore({ db });
  const summary = await ingestSources(store, [CHAPTER], { workers: 0, cwd: dir });
  expect(summary.failed).toBe(0);
  await store.close();
  const raw = new Database(db);
  try {
    // an ingest leaves the manifest to the first search; make sure none is there
    raw.prepare('DELETE FROM index_manifests').run();
    expect(raw.prepare('SELECT count(*) AS n FROM index_manifests').get()).toEqual({ n: 0 });
  } finally {
    raw.close();
  }
}

/** search --no-trace and export chunks on `store`: both answer, and each warning is collected. */
async function readBoth(
  store: ChunkStore,
): Promise<{ hits: number; exported: number; warnings: string[] }> {
  const warnings: string[] = [];
  const on_warning = (w: CairnError) => warnings.push(w.code);
  const result = await search(store, 'ownership rules memory', { trace: false, on_warning });
  let exported = 0;
  for await (const _ of exportChunks(store, { on_warning })) exported++;
  return { hits: result.hits.length, exported, warnings };
}

describe('read commands need no write', () => {
  test('on a full disk (a tmpfs filled to the last byte): search and export answer; the unrecorded manifest is a warning', async (context) => {
    const mount = join(dir, 'mnt');
    mkdirSync(mount);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount], {
      encoding: 'utf8',
    });
    if (mounted.status !== 0) {
      console.warn(`skipping: cannot mount a tmpfs (${mounted.stderr.trim() || mounted.error})`);
      context.skip();
    }
    let store: ChunkStore | null = null;
    try {
      const db = join(mount, 'cairn.db');
      await storeWithoutManifest(db);
      store = await openStore({ db });
      // a first read makes SQLite's -wal and -shm files while there is room for them
      expect((await store.listDocuments()).length).toBe(1);
      const filler = openSync(join(mount, 'filler'), 'w');
      const block = Buffer.alloc(4096);
      try {
        for (;;) writeSync(filler, block);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        closeSync(filler);
      }
      const read = await readBoth(store);
      expect(read.hits).toBeGreaterThan(0);
      expect(read.exported).toBeGreaterThan(0);
      expect(read.warnings).toEqual(['store_full', 'store_full']);
    } finally {
      await store?.close().catch(() => {});
      spawnSync('umount', [mount]);
    }
  });

  test('on a store opened read-only: search and export answer and write nothing', async () => {
    const db = join(dir, 'cairn.db');
    await storeWithoutManifest(db);
    const store = await openStore({ db, readonly: true });
    try {
      const read = await readBoth(store);
      expect(read.hits).toBeGreaterThan(0);
      expect(read.exported).toBeGreaterThan(0);
      expect(store.rows_written).toBe(0);
    } finally {
      await store.close();
    }
  });
});
