import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCachedEmbedder } from '../../src/embed/cached-embedder.js';
import { embedChunkSets } from '../../src/embed/embed-chunk-sets.js';
import { textHash } from '../../src/embed/embedded-text.js';
import { createOpenAIEmbedder, maxAnswerBytes } from '../../src/embed/openai-embedder.js';
import { CairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { type StandIn, startStandInEmbeddingsServer } from './stand-in-embeddings-server.js';

/**
 * A hostile OpenAI-compatible server (a local stand-in: the remote service
 * cannot run here) answering with values past float32, all-zero vectors,
 * bodies without end or with a false Content-Length: each is refused with
 * its code, nothing refused reaches the embedding cache, and the client reads
 * a bounded number of bytes, counted on the server's side of the socket.
 */
const DIMS = 64;
let server: StandIn;
let dir: string;
let store: ChunkStore;
const fast = { base_delay_ms: 5, max_delay_ms: 50, timeout_ms: 5000, dimensions: DIMS };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-hostile-embedder-'));
  store = await openStore({ db: join(dir, 'cache.db') });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  server = await startStandInEmbeddingsServer(DIMS);
});
afterEach(async () => {
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<CairnError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CairnError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const answer = (embedding: string) => ({
  status: 200,
  body: `{"data":[{"index":0,"embedding":${embedding}}]}`,
});

/** Writes `piece` for as long as the client reads, counting what the socket took. */
function endless(status: number, sent: { bytes: number }, headers: Record<string, string> = {}) {
  return (res: ServerResponse): void => {
    const piece = Buffer.alloc(64 * 1024, '1,');
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.write('{"data":[{"index":0,"embedding":[');
    const pump = (): void => {
      while (!res.destroyed && res.write(piece)) sent.bytes += piece.length;
      if (!res.destroyed) sent.bytes += piece.length;
    };
    res.on('drain', pump);
    pump();
  };
}

describe('vectors a search cannot use', () => {
  it.each([
    [
      'a value past float32 (Infinity as float32)',
      `[1e39${',0.5'.repeat(DIMS - 1)}]`,
      'non_finite',
    ],
    ['a value past float32, negative', `[${'0.5,'.repeat(DIMS - 1)}-4e38]`, 'non_finite'],
    ['an all-zero vector', `[${Array(DIMS).fill(0).join(',')}]`, 'zero_norm'],
    [
      'a vector of the wrong length',
      `[${Array(DIMS + 1)
        .fill(0.5)
        .join(',')}]`,
      'wrong_dimensions',
    ],
  ])('refuses %s with embedder_bad_response, caching nothing', async (_name, embedding, reason) => {
    const remote = await createOpenAIEmbedder({ model: 'm', base_url: server.base_url, ...fast });
    const cached = createCachedEmbedder(remote, store);
    const text = `hostile ${reason} ${embedding.length}`;
    server.script.push(answer(embedding));
    const error = await failure(cached.embed([text]));
    expect(error.code).toBe('embedder_bad_response');
    expect(error.details.reason).toBe(reason);
    // not cached: the same text is sent again, and an honest answer now stores an honest vector
    const before = server.requests;
    const [vector] = await cached.embed([text]);
    expect(server.requests).toBe(before + 1);
    expect(vector!.every(Number.isFinite)).toBe(true);
  });

  it('refuses a non-finite vector from any embedder before the cache stores it', async () => {
    const broken = {
      id: 'broken:4',
      dimensions: 4,
      embed: async (texts: readonly string[]) =>
        texts.map(() => Float32Array.from([1, Number.NaN, 0, 0])),
    };
    const cached = createCachedEmbedder(broken, store);
    const error = await failure(cached.embed(['nan text']));
    expect(error.details.reason).toBe('non_finite');
    expect((await store.getCachedEmbeddings('broken:4', [textHash('nan text')])).size).toBe(0);
  });
});

describe('cairn embed over a store (embedChunkSets)', () => {
  it('refuses a non-finite vector from any embedder: nothing cached, no vector set', async () => {
    writeFileSync(join(dir, 'doc.md'), '# Title\n\nSome text to embed, long enough.\n');
    await ingestSources(store, [join(dir, 'doc.md')], { workers: 0, cwd: dir });
    const broken = {
      id: 'broken-set:4',
      dimensions: 4,
      embed: async (texts: readonly string[]) =>
        texts.map(() => Float32Array.from([1, Number.POSITIVE_INFINITY, 0, 0])),
    };
    const error = await failure(embedChunkSets(store, broken));
    expect(error.details.reason).toBe('non_finite');
    expect(await store.listPendingVectorSets('broken-set:4')).not.toHaveLength(0);
  });
});

describe('answers too large to read', () => {
  it('refuses a 1 GB Content-Length before reading it', async () => {
    const embedder = await createOpenAIEmbedder({ model: 'm', base_url: server.base_url, ...fast });
    const sent = { bytes: 0 };
    server.script.push({
      status: 200,
      respond: endless(200, sent, { 'content-length': String(1024 ** 3) }),
    });
    const error = await failure(embedder.embed(['x']));
    expect(error.code).toBe('embedder_bad_response');
    expect(error.details).toMatchObject({
      reason: 'answer_too_large',
      max_bytes: maxAnswerBytes(1, DIMS),
    });
    // what loopback socket buffers can take before the client hangs up, far from the gigabyte
    expect(sent.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops an endless body at the cap the batch and dimensions give', async () => {
    const embedder = await createOpenAIEmbedder({ model: 'm', base_url: server.base_url, ...fast });
    const sent = { bytes: 0 };
    server.script.push({ status: 200, respond: endless(200, sent) });
    const error = await failure(embedder.embed(['x', 'y', 'z']));
    expect(error.details).toMatchObject({
      reason: 'answer_too_large',
      max_bytes: maxAnswerBytes(3, DIMS),
    });
    expect(error.details.received_bytes as number).toBeLessThanOrEqual(
      maxAnswerBytes(3, DIMS) + 64 * 1024 + 64,
    );
    expect(sent.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a probe answering an endless vector', async () => {
    const sent = { bytes: 0 };
    server.script.push({ status: 200, respond: endless(200, sent) });
    const { dimensions: _d, ...probing } = fast;
    const error = await failure(
      createOpenAIEmbedder({ model: 'm', base_url: server.base_url, ...probing }),
    );
    expect(error.details.reason).toBe('answer_too_large');
    expect(sent.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('reads only the start of an endless 5xx body, on each retry, then gives the status', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      ...fast,
      retries: 2,
    });
    const sent = [{ bytes: 0 }, { bytes: 0 }, { bytes: 0 }];
    for (const count of sent) server.script.push({ status: 503, respond: endless(503, count) });
    const error = await failure(embedder.embed(['x']));
    expect(error.code).toBe('embedder_unavailable');
    expect(error.details.status).toBe(503);
    expect(server.requests).toBe(3);
    for (const count of sent) expect(count.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('gives up on a body that stops coming, as a timeout', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      ...fast,
      timeout_ms: 300,
      retries: 0,
    });
    server.script.push({
      status: 200,
      respond: (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":[');
      },
    });
    const error = await failure(embedder.embed(['x']));
    expect(error.code).toBe('embedder_unavailable');
    expect(error.message).toMatch(/did not finish its answer within 300 ms/);
  });
});
