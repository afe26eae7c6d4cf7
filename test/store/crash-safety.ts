import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import { chunkSetDigest } from '../../src/store/chunk-set-digest.js';
import type { ChunkStore } from '../../src/store/types.js';
import { type Bundle, bundleEntries } from './support/bundle-entries.js';

/** How one backend keeps and restores the state after the first ingest. */
export interface CrashBackend {
  /** Environment for the child: CAIRN_TEST_DB (and CAIRN_TEST_SCHEMA). */
  env: Record<string, string>;
  open(): Promise<ChunkStore>;
  snapshot(): Promise<void>;
  restore(): Promise<void>;
  dispose(): Promise<void>;
}

const FILES = 10;
const POINTS = 52;
/** One chunk per INSERT: more statements inside each transaction to kill between. */
const BATCH_ROWS = '1';

function paragraph(file: number, n: number): string {
  return `Paragraph ${n} of file ${file} talks about ${['ownership', 'borrowing', 'lifetimes', 'traits'][n % 4]} at some length, ${'so that chunks have text. '.repeat(8)}`;
}

function version1(file: number): string {
  const body = Array.from({ length: 6 }, (_, n) => paragraph(file, n));
  return `1 File ${file}\n\n${body.slice(0, 3).join('\n\n')}\n\n2 Part two\n\n${body.slice(3).join('\n\n')}\n`;
}

/** Minor edits, a deletion, a rewrite; two files unchanged; one file new. */
function version2(file: number): string | null {
  const text = version1(file);
  if (file === 0 || file === 1) return text;
  if (file % 3 === 0) return `${text}\n3 Added\n\nA new closing paragraph for file ${file}.\n`;
  if (file % 3 === 1) return text.replace(paragraph(file, 2), '');
  return text.replace('talks about', 'now says something else about');
}

/**
 * SIGKILL an ingest before each of at least 50 statements swept across one
 * ingest that updates a corpus; after each kill every document shows its
 * previous or its new version whole (chunk count and digest), the store's
 * own checks pass (SQLite: integrity_check, foreign_key_check), a re-run
 * converges to the new versions, and a third run writes nothing.
 */
export function describeCrashSafety(name: string, makeBackend: () => Promise<CrashBackend>): void {
  let bundle: Bundle;
  let backend: CrashBackend;
  let dir: string;
  const expected = new Map<string, { v1: string | null; v2: string }>();

  const run = (killAt?: number) =>
    spawnSync(process.execPath, [bundle.file('crash-child')], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        ...backend.env,
        INPUT: join(dir, 'docs'),
        CWD: dir,
        BATCH_ROWS,
        ...(killAt === undefined ? {} : { KILL_AT: String(killAt) }),
      },
    });

  const runToEnd = () => {
    const child = run();
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    return JSON.parse(child.stdout) as {
      statements: number;
      summary: { rows_written: number; failed: number };
    };
  };

  beforeAll(async () => {
    bundle = await bundleEntries({ 'crash-child': 'test/store/support/crash-child.ts' });
    backend = await makeBackend();
    dir = mkdtempSync(join(tmpdir(), 'cairn-crash-'));
    mkdirSync(join(dir, 'docs'));
    for (let f = 0; f < FILES; f++) writeFileSync(join(dir, 'docs', `f${f}.txt`), version1(f));
    const first = runToEnd();
    expect(first.summary.failed).toBe(0);
    await backend.snapshot();
    for (let f = 0; f <= FILES; f++) {
      const path = join(dir, 'docs', `f${f}.txt`);
      const v1 = f < FILES ? readFileSync(path, 'utf8') : null;
      const v2 = f < FILES ? version2(f)! : `New file\n\n${paragraph(f, 1)}\n`;
      writeFileSync(path, v2);
      const hash = async (text: string) =>
        (await parseDocument({ bytes: Buffer.from(text), source_url: `docs/f${f}.txt` }))
          .content_hash;
      expected.set(`docs/f${f}.txt`, {
        v1: v1 === null ? null : await hash(v1),
        v2: await hash(v2),
      });
    }
  });

  afterAll(async () => {
    await backend?.dispose();
    bundle?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function assertWhole(state: 'any' | 'new'): Promise<void> {
    const store = await backend.open();
    try {
      expect(await store.check()).toEqual([]);
      for (const [source, hashes] of expected) {
        const document = await store.getDocument(source);
        if (document === null) {
          expect(hashes.v1, `${source} lost its first version`).toBeNull();
          expect(state).toBe('any');
          continue;
        }
        const versions = await store.listVersions(document.id);
        const current = versions.find((v) => v.id === document.current_version_id)!;
        const allowed = state === 'new' ? [hashes.v2] : [hashes.v1, hashes.v2];
        expect(allowed).toContain(current.content_hash);
        // a second version exists only together with the switch to it
        expect(current.seq).toBe(versions.length);
        expect(versions.length).toBeLessThanOrEqual(2);
        for (const set of await store.listChunkSets({ version_id: current.id })) {
          const chunks = await store.listChunks(current.id, set.chunker_id);
          expect(chunks.length).toBe(set.chunk_count);
          expect(chunkSetDigest(chunks)).toBe(set.digest);
        }
        expect((await store.listChunkSets({ version_id: current.id })).length).toBe(1);
      }
    } finally {
      await store.close();
    }
  }

  test(`${name}: SIGKILL at ${POINTS}+ points of an ingest leaves every document whole; re-runs converge`, async () => {
    await backend.restore();
    const total = runToEnd().statements;
    expect(total).toBeGreaterThanOrEqual(POINTS);
    const points = [
      ...new Set(
        Array.from({ length: POINTS }, (_, i) => Math.round((i * (total - 1)) / (POINTS - 1))),
      ),
    ];
    expect(points.length).toBeGreaterThanOrEqual(50);
    let killed = 0;
    for (const [n, point] of points.entries()) {
      await backend.restore();
      const child = run(point);
      expect(child.signal, `statement ${point} of ${total}: ${child.stderr}`).toBe('SIGKILL');
      killed++;
      await assertWhole('any');
      if (n % 13 === 0 || n === points.length - 1) {
        expect(runToEnd().summary.failed).toBe(0);
        await assertWhole('new');
        expect(runToEnd().summary.rows_written).toBe(0);
      }
    }
    expect(killed).toBe(points.length);
    console.log(`${name}: killed an ingest of ${total} statements at ${killed} points`);
  });
}
