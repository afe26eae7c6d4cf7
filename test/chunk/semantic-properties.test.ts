import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SemanticChunker } from '../../src/chunk/semantic-chunker.js';
import type { Chunk } from '../../src/chunk/types.js';
import { createCachedEmbedder } from '../../src/embed/cached-embedder.js';
import { createHashEmbedder } from '../../src/embed/hash-embedder.js';
import { createOpenAIEmbedder } from '../../src/embed/openai-embedder.js';
import type { Embedder } from '../../src/embed/types.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import type { CairnDocument } from '../../src/types.js';
import {
  createStandInModel,
  type StandIn,
  startStandInEmbeddingsServer,
} from '../embed/stand-in-embeddings-server.js';
import { assertChunkInvariants, assertReassembles, cl100kCount } from './assert-chunks.js';
import { chunkText, jsonDocument, structuredDocument } from './chunk-arbitraries.js';

// Each case embeds every sentence window: half the runs the synchronous chunkers get.
const RUNS = Math.ceil((fc.readConfigureGlobal().numRuns ?? 100) / 2);

const settings: fc.Arbitrary<Settings> = fc.record({
  max_chunk_tokens: fc.integer({ min: 16, max: 80 }),
  breakpoint_percentile: fc.integer({ min: 1, max: 99 }),
  window_sentences: fc.integer({ min: 1, max: 4 }),
  // a few windows per embedder call: the streaming of vectors is exercised on small texts too
  windows_per_call: fc.integer({ min: 1, max: 8 }),
});

/** No chunk holds blocks of two sections. */
function checkSections(doc: CairnDocument, chunks: Chunk[]): void {
  for (const chunk of chunks) {
    const touched = new Set<number | null>();
    for (const block of doc.blocks) {
      if (block.span.start < chunk.span.end && chunk.span.start < block.span.end)
        touched.add(block.section);
    }
    if (touched.size > 1)
      throw new Error(`chunk ${chunk.chunk_index} spans sections ${[...touched].join(', ')}`);
  }
}

/** Every slice, coverage, budget and determinism promise, for one embedder. */
type Settings = {
  max_chunk_tokens: number;
  breakpoint_percentile: number;
  window_sentences: number;
  windows_per_call: number;
};

async function checkText(embedder: Embedder, text: string, s: Settings) {
  const chunker = new SemanticChunker({ embedder, ...s });
  const chunks = await chunker.chunkAsync(text);
  assertChunkInvariants(text, chunks, {
    count: cl100kCount,
    budget: s.max_chunk_tokens,
    overlap: 0,
  });
  assertReassembles(text, chunks);
  // again, from a fresh chunker sending every window in one call: the same chunks
  const whole = new SemanticChunker({ embedder, ...s, windows_per_call: 1024 });
  expect(whole.chunker_id).toBe(chunker.chunker_id);
  expect(await whole.chunkAsync(text)).toEqual(chunks);
  return chunks;
}

describe('semantic chunker properties (hash embedder)', () => {
  const hash = createHashEmbedder({ dimensions: 64 });

  it('slices, covers, stays under the budget with exact counts, and repeats itself', async () => {
    await fc.assert(
      fc.asyncProperty(chunkText, settings, (text, s) => checkText(hash, text, s).then(() => {})),
      { numRuns: RUNS },
    );
  });

  it('never crosses a section, in documents with headings and atomic blocks', async () => {
    await fc.assert(
      fc.asyncProperty(structuredDocument, settings, async (doc, s) => {
        const chunks = await new SemanticChunker({ embedder: hash, ...s }).chunkAsync(doc);
        assertChunkInvariants(doc.canonical, chunks, {
          count: cl100kCount,
          budget: s.max_chunk_tokens,
          overlap: 0,
        });
        assertReassembles(doc.canonical, chunks);
        checkSections(doc, chunks);
      }),
      { numRuns: RUNS },
    );
  });

  it('chunks each JSON node on its own', async () => {
    await fc.assert(
      fc.asyncProperty(jsonDocument, settings, async (doc, s) => {
        const chunks = await new SemanticChunker({ embedder: hash, ...s }).chunkAsync(doc);
        assertChunkInvariants(doc.canonical, chunks, {
          count: cl100kCount,
          budget: s.max_chunk_tokens,
          overlap: 0,
          coverage: doc.json_nodes.map((n) => [n.span.start, n.span.end]),
        });
        for (const chunk of chunks) {
          const node = doc.json_nodes.find((n) => n.json_pointer === chunk.json_pointer)!;
          expect(chunk.span.start).toBeGreaterThanOrEqual(node.span.start);
          expect(chunk.span.end).toBeLessThanOrEqual(node.span.end);
        }
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

// The remote embedding service cannot run here: a local OpenAI-compatible
// stand-in (the hash embedder's vectors behind POST /v1/embeddings) takes its
// place, reached through the embedding cache of a real SQLite store.
describe('semantic chunker properties (OpenAI-compatible stand-in, through the cache)', () => {
  let server: StandIn;
  let store: ChunkStore;
  let dir: string;
  beforeAll(async () => {
    server = await startStandInEmbeddingsServer(64);
    dir = mkdtempSync(join(tmpdir(), 'cairn-semantic-'));
    store = await openStore({ db: join(dir, 'cache.db') });
  });
  afterAll(async () => {
    await store.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the chunks the same vectors give, and a second chunking sends nothing', async () => {
    const remote = await createOpenAIEmbedder({ model: 'stand-in', base_url: server.base_url });
    const cached = createCachedEmbedder(remote, store);
    const model = createStandInModel(64);
    await fc.assert(
      fc.asyncProperty(chunkText, settings, async (text, s) => {
        const chunks = await checkText(cached, text, s);
        const before = server.requests;
        expect(await new SemanticChunker({ embedder: cached, ...s }).chunkAsync(text)).toEqual(
          chunks,
        );
        expect(server.requests).toBe(before);
        expect(await new SemanticChunker({ embedder: model, ...s }).chunkAsync(text)).toEqual(
          chunks,
        );
      }),
      { numRuns: Math.ceil(RUNS / 5) },
    );
    expect(cached.counts.sent).toBeGreaterThan(0);
    expect(cached.counts.hits).toBeGreaterThan(0);
  });
});
