import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embed/hash-embedder.js';
import { createOpenAIEmbedder } from '../../src/embed/openai-embedder.js';
import { retryAfter, retryAfterMs } from '../../src/embed/post-with-retries.js';
import { resolveEmbedder } from '../../src/embed/resolve-embedder.js';
import { CairnError, isCairnError } from '../../src/errors.js';
import { type StandIn, startStandInEmbeddingsServer } from './stand-in-embeddings-server.js';

let server: StandIn;
beforeEach(async () => {
  server = await startStandInEmbeddingsServer(64);
});
afterEach(async () => {
  await server.close();
});

const fast = { base_delay_ms: 5, max_delay_ms: 2000, timeout_ms: 2000 };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('the OpenAI-compatible embedder against a local stand-in server', () => {
  it('learns the dimensions from a probe, names them in its id, and returns the server vectors in order', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm1',
      base_url: server.base_url,
      api_key: 'k',
      ...fast,
    });
    expect(embedder.dimensions).toBe(64);
    expect(embedder.id).toBe('openai:m1:64');
    const texts = Array.from({ length: 10 }, (_, i) => `text number ${i}`);
    const vectors = await embedder.embed(texts);
    const expected = await createHashEmbedder({ dimensions: 64 }).embed(texts);
    expect(vectors.map((v) => [...v])).toEqual(expected.map((v) => [...v]));
    expect(server.auth.every((a) => a === 'Bearer k')).toBe(true);
  });

  it('batches: 130 texts at batch size 50 are 3 requests after the probe', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: `${server.base_url}/v1/`,
      batch_size: 50,
      concurrency: 2,
      ...fast,
    });
    const before = server.requests;
    await embedder.embed(Array.from({ length: 130 }, (_, i) => `t${i}`));
    expect(server.requests - before).toBe(3);
    expect(server.texts).toBe(131);
  });

  it('retries 429 and 503, honouring Retry-After, then succeeds', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      dimensions: 64,
      ...fast,
    });
    // how long Retry-After makes it wait is pinned below on retryAfter, without a clock
    server.script.push({ status: 429, headers: { 'retry-after': '0' } }, { status: 503 });
    const [vector] = await embedder.embed(['hello']);
    expect(vector!.length).toBe(64);
    expect(server.requests).toBe(3);
  });

  it('gives up with embedder_rate_limited after its retries', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      dimensions: 64,
      retries: 2,
      ...fast,
    });
    server.script.push({ status: 429 }, { status: 429 }, { status: 429 });
    const error = await failure(embedder.embed(['x']));
    expect(isCairnError(error, 'embedder_rate_limited')).toBe(true);
    expect(server.requests).toBe(3);
  });

  it('does not retry a 401, and says which key to set', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      dimensions: 64,
      ...fast,
    });
    server.script.push({ status: 401 });
    const error = await failure(embedder.embed(['x']));
    expect(isCairnError(error, 'embedder_unavailable')).toBe(true);
    expect((error as Error).message).toContain('CAIRN_EMBED_API_KEY');
    expect(server.requests).toBe(1);
  });

  it('times out a slow answer and retries it', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      dimensions: 64,
      ...fast,
      timeout_ms: 100,
      retries: 1,
    });
    server.script.push({ status: 200, delay_ms: 400 }, { status: 200, delay_ms: 400 });
    const error = await failure(embedder.embed(['x']));
    expect(isCairnError(error, 'embedder_unavailable')).toBe(true);
    expect((error as Error).message).toMatch(/did not answer within 100 ms/);
  });

  it('refuses a malformed answer with embedder_bad_response', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      dimensions: 64,
      ...fast,
    });
    server.script.push({ status: 200, body: '{"data":[{"index":0,"embedding":[1,"x"]}]}' });
    expect(isCairnError(await failure(embedder.embed(['x'])), 'embedder_bad_response')).toBe(true);
    server.script.push({ status: 200, body: 'not json' });
    expect(isCairnError(await failure(embedder.embed(['x'])), 'embedder_bad_response')).toBe(true);
    server.script.push({ status: 200, body: '{"data":[]}' });
    expect(isCairnError(await failure(embedder.embed(['x'])), 'embedder_bad_response')).toBe(true);
  });

  it('is embedder_unavailable when nothing listens', async () => {
    await server.close();
    const error = await failure(
      createOpenAIEmbedder({ model: 'm', base_url: server.base_url, retries: 1, ...fast }),
    );
    expect(isCairnError(error, 'embedder_unavailable')).toBe(true);
    server = await startStandInEmbeddingsServer(64);
  });

  it('stops with interrupted when the caller aborts during a backoff', async () => {
    const embedder = await createOpenAIEmbedder({
      model: 'm',
      base_url: server.base_url,
      dimensions: 64,
      ...fast,
    });
    server.script.push({ status: 429, headers: { 'retry-after': '1' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(embedder.embed(['x'], { signal: controller.signal }));
    expect(isCairnError(error, 'interrupted')).toBe(true);
  });
});

describe('embedder specs and Retry-After', () => {
  it('resolves hash, hash:<n> and refuses unknown specs', async () => {
    expect((await resolveEmbedder('hash')).id).toBe('hash-v1:512:word1-2+char4:l2');
    expect((await resolveEmbedder('hash:128')).dimensions).toBe(128);
    expect(isCairnError(await failure(resolveEmbedder('bert')), 'invalid_option')).toBe(true);
    expect(isCairnError(await failure(resolveEmbedder('hash:3')), 'invalid_option')).toBe(true);
  });

  it('waits what Retry-After asks of a retryable failure, at most the longest wait', () => {
    const policy = { retries: 3, ...fast };
    const throttled = (ms: number | null, retryable = true) =>
      new CairnError('embedder_rate_limited', 'x', {
        details: { retryable, retry_after_ms: ms },
      });
    expect(retryAfter(throttled(300), policy)).toBe(300);
    expect(retryAfter(throttled(60_000), policy)).toBe(policy.max_delay_ms);
    expect(retryAfter(throttled(null), policy)).toBe(0);
    expect(retryAfter(throttled(300, false), policy)).toBe(0);
    expect(retryAfter(new Error('x'), policy)).toBe(0);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
  });
});
