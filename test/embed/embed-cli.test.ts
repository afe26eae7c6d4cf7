import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bundle } from '../store/support/bundle-entries.js';
import { runCli, runCliAsync } from '../store/support/run-cli.js';
import type { StandIn } from './stand-in-embeddings-server.js';
import { type BookFixture, bookFixture } from './support/book-fixture.js';

let fixture: BookFixture;
let bundle: Bundle;
let dir: string;
let server: StandIn;

beforeAll(async () => {
  fixture = await bookFixture(
    'cairn-embed-cli-',
    ['ch04-01-what-is-ownership.md', 'ch16-01-threads.md'],
    48,
  );
  ({ bundle, dir, server } = fixture);
});

afterAll(() => fixture?.dispose());

/** The CLI in a child process; the stand-in server runs in this one, so the child runs asynchronously. */
function cairn(...args: string[]) {
  return runCliAsync(bundle.file('cli'), dir, args, { CAIRN_EMBED_API_KEY: 'test-key' });
}

describe('cairn embed and cairn search --mode against a local stand-in for an OpenAI-compatible service', () => {
  test('embed sends every chunk once, with the key, and reports progress on stderr', async () => {
    expect(runCli(bundle.file('cli'), dir, ['ingest', 'book']).code).toBe(0);
    const spec = `openai:stand-in-model@${server.base_url}`;
    const run = await cairn('embed', '--embedder', spec, '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.embed_model).toBe('openai:stand-in-model:48');
    expect(report.sets_done).toBe(2);
    expect(report.texts_embedded).toBeGreaterThan(10);
    expect(run.stderr).toMatch(/embed: 2\/2 sets, \d+ chunks, \d+ chunks\/s/);
    expect(server.auth.every((a) => a === 'Bearer test-key')).toBe(true);
    // one probe (the stand-in's model is in no table and the store had no vectors), then the texts
    expect(server.texts).toBe(report.texts_embedded + 1);
    // a re-run with nothing to embed sends no request at all: the stored vectors give the dimensions
    const requests = server.requests;
    const again = JSON.parse((await cairn('embed', '--embedder', spec, '--json')).stdout);
    expect([again.sets_total, again.texts_embedded, again.dimensions]).toEqual([0, 0, 48]);
    expect(server.requests).toBe(requests);
    expect(server.texts).toBe(report.texts_embedded + 1);
  });

  test('search --mode hybrid names the embedder and ΔS; another embedder is embed_model_mismatch, exit 2', async () => {
    const spec = `openai:stand-in-model@${server.base_url}`;
    const run = await cairn(
      'search',
      'spawn a thread',
      '--mode',
      'hybrid',
      '--embedder',
      spec,
      '--json',
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.mode).toBe('hybrid');
    expect(result.hits[0].embed_model).toBe('openai:stand-in-model:48');
    expect(result.hits[0].delta_s).toBeGreaterThanOrEqual(0);
    const other = await cairn(
      'search',
      'spawn',
      '--mode',
      'vector',
      '--embedder',
      'hash',
      '--json',
    );
    expect(other.code).toBe(2);
    expect(JSON.parse(other.stderr).error.code).toBe('embed_model_mismatch');
  });

  test('an unreachable embedder is embedder_unavailable, exit 2; --help teaches with examples', async () => {
    const run = await cairn('embed', '--embedder', 'openai:m@http://127.0.0.1:9', '--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr).error.code).toBe('embedder_unavailable');
    const help = await cairn('embed', '--help');
    expect(help.stdout).toContain('cairn embed --embedder hash');
    expect(help.stdout).toContain('CAIRN_EMBED_API_KEY');
  });
});
