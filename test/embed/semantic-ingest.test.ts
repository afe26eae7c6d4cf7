import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SemanticChunker } from '../../src/chunk/semantic-chunker.js';
import { createCachedEmbedder } from '../../src/embed/cached-embedder.js';
import { createOpenAIEmbedder } from '../../src/embed/openai-embedder.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { type StandIn, startStandInEmbeddingsServer } from './stand-in-embeddings-server.js';

// The remote embedding service cannot run here: a local OpenAI-compatible
// stand-in answers with deterministic vectors and counts the texts it is sent.
let server: StandIn;
let dir: string;

beforeAll(async () => {
  server = await startStandInEmbeddingsServer(48);
  dir = mkdtempSync(join(tmpdir(), 'cairn-semantic-ingest-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const HISTORY = 'ch04-02-references-and-borrowing';

/** Every stored chunk of the document's current version is its canonical text at its offsets. */
async function checkStoredChunks(store: ChunkStore, path: string, chunkerId: string) {
  const document = (await store.getDocument(path))!;
  const version = (await store.getVersionText(document.current_version_id!))!;
  const chunks = await store.listChunks(version.id, chunkerId);
  expect(chunks.length).toBeGreaterThan(3);
  const points = Array.from(version.canonical);
  for (const chunk of chunks) {
    expect(points.slice(chunk.char_start, chunk.char_end).join('')).toBe(chunk.text);
  }
  return chunks;
}

describe('ingest with the semantic chunker through the embedding cache', () => {
  test('an edit sends only the windows with new text, and a re-run sends nothing', async () => {
    const store = await openStore({ db: join(dir, 'lib.db') });
    try {
      const remote = await createOpenAIEmbedder({ model: 'stand-in', base_url: server.base_url });
      const chunker = new SemanticChunker({ embedder: createCachedEmbedder(remote, store) });
      const file = join(dir, 'borrowing.md');
      const ingest = () => ingestSources(store, [file], { chunker, workers: 0, cwd: dir });

      copyFileSync(corpusPath('rustbook-history', HISTORY, '000-37101e52.md'), file);
      const texts0 = server.texts;
      const first = await ingest();
      expect(first.created).toBe(1);
      expect(first.chunker_id).toBe(chunker.chunker_id);
      const sentFirst = server.texts - texts0;
      expect(sentFirst).toBeGreaterThan(50);
      const before = await checkStoredChunks(store, 'borrowing.md', chunker.chunker_id);

      copyFileSync(corpusPath('rustbook-history', HISTORY, '001-347e559b.md'), file);
      const texts1 = server.texts;
      const second = await ingest();
      expect(second.updated).toBe(1);
      const sentEdit = server.texts - texts1;
      expect(sentEdit).toBeGreaterThan(0);
      expect(sentEdit).toBeLessThan(sentFirst / 2);
      const after = await checkStoredChunks(store, 'borrowing.md', chunker.chunker_id);
      // alignment keeps the IDs of chunks the edit did not touch
      const kept = after.filter((c) => before.some((b) => b.chunk_id === c.chunk_id));
      expect(kept.length).toBeGreaterThan(after.length / 2);

      // searched by its bare name: the store's one semantic chunk set
      const found = await search(store, 'mutable reference', { chunker: 'semantic', trace: false });
      expect(found.chunker_id).toBe(chunker.chunker_id);
      expect(found.hits.length).toBeGreaterThan(0);

      const texts2 = server.texts;
      const third = await ingest();
      expect(third.unchanged).toBe(1);
      expect(server.texts).toBe(texts2);
    } finally {
      await store.close();
    }
  });
});

describe('cairn ingest --chunker semantic --embedder', () => {
  let bundle: Bundle;
  beforeAll(async () => {
    bundle = await bundleEntries({
      cli: 'test/store/support/cli-entry.ts',
      'ingest-worker': 'src/ingest/ingest-worker.ts',
    });
    mkdirSync(join(dir, 'book'));
    copyFileSync(corpusPath('rustbook', 'ch04-01-what-is-ownership.md'), join(dir, 'book', 'a.md'));
  });
  afterAll(() => bundle?.dispose());

  async function cairn(...args: string[]) {
    const { spawn } = await import('node:child_process');
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bundle.file('cli'), ...args], {
        cwd: dir,
        env: { ...process.env, CAIRN_DB: '' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => {
        stdout += d;
      });
      child.stderr.on('data', (d: Buffer) => {
        stderr += d;
      });
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  test('chunks with the embedder named, through the cache, and refuses it for other chunkers', async () => {
    const spec = `openai:stand-in@${server.base_url}`;
    const db = join(dir, 'cli.db');
    const run = await cairn(
      'ingest',
      'book',
      '--db',
      db,
      '--chunker',
      'semantic',
      '--embedder',
      spec,
      '--json',
    );
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.chunker_id).toMatch(/^semantic@v1:[0-9a-f]{8}$/);
    expect(summary.chunks_written).toBeGreaterThan(5);
    const texts = server.texts;
    const again = await cairn(
      'ingest',
      'book',
      '--db',
      db,
      '--chunker',
      'semantic',
      '--embedder',
      spec,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(summary.chunker_id);
    expect(again.stderr).toContain(
      'semantic chunking (openai:stand-in:48): 0 sentence windows, 0 sent',
    );
    // one probe request for the dimensions, no text of the book
    expect(server.texts - texts).toBe(1);

    const preview = await cairn(
      'chunk',
      'book/a.md',
      '--chunker',
      'semantic',
      '--embedder',
      spec,
      '--max-tokens',
      '128',
      '--json',
    );
    expect(preview.code).toBe(0);
    const shown = JSON.parse(preview.stdout);
    expect(shown.chunker_id).toMatch(/^semantic@v1:/);
    expect(shown.chunker_id).not.toBe(summary.chunker_id);
    expect(shown.chunks.every((c: { token_count: number }) => c.token_count <= 128)).toBe(true);
    const late = await cairn(
      'chunk',
      '--db',
      db,
      '--chunker',
      'semantic',
      '--embedder',
      spec,
      '--max-tokens',
      '128',
      '--json',
    );
    expect(late.code).toBe(0);
    expect(JSON.parse(late.stdout)).toMatchObject({
      chunker_id: shown.chunker_id,
      chunked: 1,
      chunks_written: shown.chunks.length,
    });
    const wrong = await cairn(
      'ingest',
      'book',
      '--db',
      db,
      '--chunker',
      'token',
      '--embedder',
      'hash',
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--embedder applies to --chunker semantic');
    const missing = await cairn('ingest', 'book', '--db', db, '--chunker', 'semantic');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('needs an embedder');
  });
});
