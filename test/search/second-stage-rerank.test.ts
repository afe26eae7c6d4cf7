import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { createHttpReranker } from '../../src/search/http-reranker.js';
import { resolveReranker } from '../../src/search/resolve-reranker.js';
import { search } from '../../src/search/search.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { dropSchema, PG_URL, postgresSkipReason, uniqueSchema } from '../store/pg-support.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli, runCliAsync } from '../store/support/run-cli.js';
import { type RerankStandIn, startStandInRerankServer } from './stand-in-rerank-server.js';

const CHAPTERS = ['ch04-01-what-is-ownership.md', 'ch04-02-references-and-borrowing.md'];
const QUERY = 'ownership borrow reference';
const ids = (hits: { snippet_id: string }[]) => hits.map((h) => h.snippet_id);

let server: RerankStandIn;
beforeAll(async () => {
  server = await startStandInRerankServer();
});
afterAll(() => server?.close());

const pgSkip = await postgresSkipReason();
const backends: [string, () => Promise<{ store: ChunkStore; dispose: () => Promise<void> }>][] = [
  [
    'SQLite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cairn-rerank-'));
      const store = await openStore({ db: join(dir, 'cairn.db') });
      return { store, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
if (pgSkip === null)
  backends.push([
    'PostgreSQL',
    async () => {
      const schema = uniqueSchema('cairn_rr');
      const store = await openStore({ db: PG_URL, schema });
      return { store, dispose: () => dropSchema(schema) };
    },
  ]);

describe.each(backends)('second-stage rerankers over a stand-in rerank service: %s', (_, open) => {
  let store: ChunkStore;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await open());
    const summary = await ingestSources(store, CHAPTERS, {
      workers: 0,
      cwd: corpusPath('rustbook'),
    });
    expect(summary.failed).toBe(0);
  });
  afterAll(async () => {
    await store?.close();
    await dispose?.();
  });

  test('a reranker that reverses the order reverses the hits, on both protocols, with its score and id', async () => {
    const first = await search(store, QUERY, { k: 8, trace_log: false });
    for (const spec of [
      `http:stand-in-model@${server.url}/v2/rerank`,
      `http:${server.url}/rerank`,
    ]) {
      server.mode = 'reverse';
      const reranker = (await resolveReranker(spec, { CAIRN_RERANK_API_KEY: 'rk' }))!;
      const result = await search(store, QUERY, {
        k: 8,
        reranker,
        rerank_top: 8,
        trace_log: false,
      });
      expect(result.rerank_warning).toBeUndefined();
      expect(ids(result.hits), spec).toEqual(ids(first.hits).reverse());
      expect(result.reranker).toBe(reranker.id);
      for (const [i, hit] of result.hits.entries()) {
        expect(hit.reranker).toBe(reranker.id);
        expect(hit.k_final).toBe(i + 1);
        // the first stage's rank stays beside the reranker's order
        expect(hit.k_pos).toBe(8 - i);
        expect(typeof hit.rerank_score).toBe('number');
      }
      // the index identity names the reranker: another order, another hash; pinning the first stage's fails
      expect(result.index_hash).toMatch(/^rr:[0-9a-f]{40}$/);
      expect(result.hits[0]!.index_hash).toBe(result.index_hash);
      const again = await search(store, QUERY, {
        k: 8,
        reranker,
        rerank_top: 8,
        index_hash: result.index_hash,
        trace_log: false,
      });
      expect(ids(again.hits)).toEqual(ids(result.hits));
      await expect(
        search(store, QUERY, {
          k: 8,
          reranker,
          rerank_top: 8,
          index_hash: first.index_hash,
          trace_log: false,
        }),
      ).rejects.toSatisfy((e) => isCairnError(e, 'mismatch_index_hash'));
    }
    const cohere = server.bodies.find((b) => 'documents' in b)!;
    const tei = server.bodies.find((b) => 'texts' in b)!;
    expect(Object.keys(cohere!).sort()).toEqual(['documents', 'model', 'query', 'top_n']);
    expect(cohere).toMatchObject({ model: 'stand-in-model', query: QUERY, top_n: 8 });
    expect(cohere!.documents).toEqual(first.hits.map((h) => h.text));
    expect(Object.keys(tei!).sort()).toEqual(['query', 'raw_scores', 'texts']);
    expect(tei).toMatchObject({ query: QUERY, raw_scores: false });
    expect(server.auth.at(-1)).toBe('Bearer rk');
    server.bodies.length = 0;
  });

  test('the reranker sees the top n (default 50); hits below it keep their place', async () => {
    server.mode = 'reverse';
    const reranker = (await resolveReranker(`http:${server.url}/rerank`, {}))!;
    const first = await search(store, QUERY, { k: 60, trace_log: false });
    const result = await search(store, QUERY, { k: 60, reranker, trace_log: false });
    const seen = (server.bodies.at(-1)!.texts as string[]).length;
    expect(seen).toBe(Math.min(50, first.hits.length));
    expect(ids(result.hits).slice(0, seen)).toEqual(ids(first.hits).slice(0, seen).reverse());
    expect(ids(result.hits).slice(seen)).toEqual(ids(first.hits).slice(seen));
  });

  test('several queries fused, then reranked: each hit keeps the queries that found it', async () => {
    server.mode = 'reverse';
    const reranker = (await resolveReranker(`http:${server.url}/rerank`, {}))!;
    const queries = ['ownership rules', 'mutable reference'];
    const fused = await search(store, { queries }, { k: 5, trace_log: false });
    const result = await search(
      store,
      { queries },
      { k: 5, reranker, rerank_top: 5, trace_log: false },
    );
    expect(ids(result.hits)).toEqual(ids(fused.hits).reverse());
    expect(result.hits.map((h) => h.queries)).toEqual(fused.hits.map((h) => h.queries).reverse());
    // the question, the first of the queries, is what the passages are scored against
    expect(server.bodies.at(-1)!.query).toBe('ownership rules');
  });

  test('a reranker that fails, stalls or floods leaves the first-stage order with a warning, never an error', async () => {
    // with a second stage, the first ranks the reranker's 50 candidates: the order of a search for 50
    const first = await search(store, QUERY, { k: 50, trace_log: false });
    first.hits = first.hits.slice(0, 8);
    const cases = [
      ['fail', 'reranker_unavailable', createHttpReranker({ url: `${server.url}/rerank` })],
      [
        'stall',
        'reranker_unavailable',
        createHttpReranker({ url: `${server.url}/rerank`, timeout_ms: 300 }),
      ],
      [
        'flood',
        'response_too_large',
        createHttpReranker({ url: `${server.url}/rerank`, max_response_bytes: 100_000 }),
      ],
    ] as const;
    for (const [mode, code, reranker] of cases) {
      server.mode = mode;
      const result = await search(store, QUERY, { k: 8, reranker, trace_log: false });
      expect(ids(result.hits), mode).toEqual(ids(first.hits));
      expect(result.rerank_warning?.code, mode).toBe(code);
      expect(result.index_hash).toBe(first.index_hash);
      expect(result.rerank_warning?.message).toContain('first-stage order');
      expect(result.hits.every((h) => h.reranker === undefined)).toBe(true);
    }
    server.mode = 'reverse';
  });
});

describe('reranker specs', () => {
  test('proximity and none stay first-stage names; bad specs are invalid_option', async () => {
    expect(await resolveReranker('proximity')).toBeNull();
    expect(await resolveReranker('none')).toBeNull();
    for (const spec of [
      'cross-encoder',
      'http:ftp://x/rerank',
      'http:http://127.0.0.1:1/embed',
      'sideways',
    ])
      await expect(resolveReranker(spec, {})).rejects.toSatisfy((e) =>
        isCairnError(e, 'invalid_option'),
      );
    // Cohere's API requires a model
    await expect(resolveReranker('http:http://127.0.0.1:1/v2/rerank', {})).rejects.toSatisfy((e) =>
      isCairnError(e, 'invalid_option'),
    );
  });
});

describe('cairn search --rerank http: against the stand-in rerank service', () => {
  let bundle: Bundle;
  let dir: string;
  beforeAll(async () => {
    bundle = await bundleEntries({
      cli: 'test/store/support/cli-entry.ts',
      'ingest-worker': 'src/ingest/ingest-worker.ts',
    });
    dir = mkdtempSync(join(tmpdir(), 'cairn-rerank-cli-'));
    mkdirSync(join(dir, 'book'));
    for (const name of CHAPTERS)
      copyFileSync(corpusPath('rustbook', name), join(dir, 'book', name));
    expect(runCli(bundle.file('cli'), dir, ['ingest', 'book', '--workers', '0']).code).toBe(0);
  }, 60_000);
  afterAll(() => {
    bundle?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('reranks with the key from CAIRN_RERANK_API_KEY; an unreachable one warns, exit 0', async () => {
    server.mode = 'reverse';
    const cli = (...args: string[]) =>
      runCliAsync(
        bundle.file('cli'),
        dir,
        ['search', QUERY, '-k', '5', '--no-trace-log', ...args],
        {
          CAIRN_RERANK_API_KEY: 'cli-key',
        },
      );
    const plain = JSON.parse((await cli('--json', '--rerank-top', '5')).stdout);
    const run = await cli('--json', '--rerank', `http:${server.url}/rerank`, '--rerank-top', '5');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(ids(result.hits)).toEqual(ids(plain.hits).reverse());
    expect(result.hits[0].reranker).toBe(`http:tei:${server.url}/rerank`);
    expect(server.auth.at(-1)).toBe('Bearer cli-key');
    const down = await cli('--rerank', 'http:http://127.0.0.1:1/rerank');
    expect(down.code).toBe(0);
    expect(down.stderr).toContain('cairn: warning: the reranker did not run: reranker_unavailable');
    const bad = await cli('--rerank', 'cross-encoder');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid_option');
  });
});
