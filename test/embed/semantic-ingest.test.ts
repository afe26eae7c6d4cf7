import { copyFileSync } from 'node:fs';
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
import type { Bundle } from '../store/support/bundle-entries.js';
import { runCliAsync } from '../store/support/run-cli.js';
import type { StandIn } from './stand-in-embeddings-server.js';
import { type BookFixture, bookFixture } from './support/book-fixture.js';

const CHAPTER = 'ch04-01-what-is-ownership.md';

let fixture: BookFixture;
let bundle: Bundle;
let dir: string;
let server: StandIn;

beforeAll(async () => {
  fixture = await bookFixture('cairn-semantic-ingest-', [CHAPTER], 48);
  ({ bundle, dir, server } = fixture);
});

afterAll(() => fixture?.dispose());

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
  function cairn(...args: string[]) {
    return runCliAsync(bundle.file('cli'), dir, args);
  }

  test('chunks with the embedder named, through the cache, and refuses it for other chunkers', async () => {
    const spec = `openai:stand-in@${server.base_url}`;
    const db = join(dir, 'cli.db');
    const ingestBook = (...extra: string[]) =>
      cairn('ingest', 'book', '--db', db, '--chunker', 'semantic', '--embedder', spec, ...extra);
    const run = await ingestBook('--json');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.chunker_id).toMatch(/^semantic@v1:[0-9a-f]{8}$/);
    expect(summary.chunks_written).toBeGreaterThan(5);
    const texts = server.texts;
    const again = await ingestBook();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(summary.chunker_id);
    expect(again.stderr).toContain(
      'semantic chunking (openai:stand-in:48): 0 sentence windows, 0 sent',
    );
    // one probe request for the dimensions, no text of the book
    expect(server.texts - texts).toBe(1);

    const preview = await cairn(
      'chunk',
      `book/${CHAPTER}`,
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
