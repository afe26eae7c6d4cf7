// Hostile OpenAI-compatible embedders against `cairn embed`'s code path
// (createOpenAIEmbedder + embedChunkSets, as the command runs them) over a
// real SQLite store of a few Rust book chapters. The server is a local
// stand-in on 127.0.0.1 that answers the dimensions probe honestly (unless
// the case is about the probe) and then as each case says: values past
// float32, NaN, zero vectors, wrong dimensions, wrong counts, a 1 GB
// Content-Length, an endless body, a million numbers, no answer, 5xx with
// and without an endless body. Each must be refused with its code, leave
// nothing cached and no vector set marked complete, and read a bounded
// number of bytes. Stops by itself; the store is removed at the end.
//
// Usage (after npm run build): node scripts/hostile-embedder-campaign.mjs [--files 6]
// Prints one JSON line per case and a summary; exits 1 when any case was not refused as expected.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createHashEmbedder } from '../dist/embed/hash-embedder.js';
import { createOpenAIEmbedder, embedChunkSets, openStore } from '../dist/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--files');
const FILES = at >= 0 ? Number(args[at + 1]) : 6;
const DIMS = 64;
const PROBE = 'dimensions probe';

const vector = (value) => `[${Array(DIMS).fill(value).join(',')}]`;
const data = (count, embedding) =>
  JSON.stringify({
    data: Array.from({ length: count }, (_, index) => ({ index, embedding: 0 })),
  }).replaceAll('"embedding":0', `"embedding":${embedding}`);

/** Writes `piece` for as long as the client takes it, counting. */
function endless(res, status, sent, headers = {}) {
  const piece = Buffer.alloc(64 * 1024, '1,');
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.write('{"data":[{"index":0,"embedding":[');
  const pump = () => {
    while (!res.destroyed && res.write(piece)) sent.bytes += piece.length;
    if (!res.destroyed) sent.bytes += piece.length;
  };
  res.on('drain', pump);
  pump();
}

// case -> [what the server answers a batch of `count` texts with, expected code, expected reason]
const CASES = {
  'value-past-float32': [
    (res, n) => res.end(data(n, `[1e39${',0.5'.repeat(DIMS - 1)}]`)),
    'embedder_bad_response',
    'non_finite',
  ],
  'negative-past-float32': [
    (res, n) => res.end(data(n, `[-4e38${',0.5'.repeat(DIMS - 1)}]`)),
    'embedder_bad_response',
    'non_finite',
  ],
  'nan-literal': [
    (res, n) => res.end(data(n, `[NaN${',0.5'.repeat(DIMS - 1)}]`)),
    'embedder_bad_response',
    undefined,
  ],
  'infinity-literal': [
    (res, n) => res.end(data(n, `[Infinity${',0.5'.repeat(DIMS - 1)}]`)),
    'embedder_bad_response',
    undefined,
  ],
  'zero-vectors': [(res, n) => res.end(data(n, vector(0))), 'embedder_bad_response', 'zero_norm'],
  'wrong-dimensions': [
    (res, n) => res.end(data(n, `[${Array(DIMS + 1).fill(0.5)}]`)),
    'embedder_bad_response',
    'wrong_dimensions',
  ],
  'one-vector-short': [
    (res, n) => res.end(data(Math.max(0, n - 1), vector(0.5))),
    'embedder_bad_response',
    undefined,
  ],
  'million-numbers': [
    (res) => res.end(data(1, `[${Array(1_000_000).fill(0.5)}]`)),
    'embedder_bad_response',
    'answer_too_large',
  ],
  'gigabyte-content-length': [
    (res, _n, sent) => endless(res, 200, sent, { 'content-length': String(1024 ** 3) }),
    'embedder_bad_response',
    'answer_too_large',
  ],
  'endless-body': [
    (res, _n, sent) => endless(res, 200, sent),
    'embedder_bad_response',
    'answer_too_large',
  ],
  'no-answer': [() => {}, 'embedder_unavailable', undefined],
  'body-stops': [
    (res) => {
      res.writeHead(200);
      res.write('{"data":[');
    },
    'embedder_unavailable',
    undefined,
  ],
  'http-503': [(res) => res.writeHead(503).end('overloaded'), 'embedder_unavailable', undefined],
  'http-503-endless-body': [
    (res, _n, sent) => endless(res, 503, sent),
    'embedder_unavailable',
    undefined,
  ],
  'http-500-gigabyte-length': [
    (res, _n, sent) => endless(res, 500, sent, { 'content-length': String(1024 ** 3) }),
    'embedder_unavailable',
    undefined,
  ],
  'not-json': [(res) => res.end('<html>hello</html>'), 'embedder_bad_response', undefined],
  'probe-past-float32': [
    (res, n) => res.end(data(n, `[1e39${',0.5'.repeat(DIMS - 1)}]`)),
    'embedder_bad_response',
    'non_finite',
    true,
  ],
  'probe-endless-body': [
    (res, _n, sent) => endless(res, 200, sent),
    'embedder_bad_response',
    'answer_too_large',
    true,
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'cairn-hostile-embedder-'));
const docs = join(dir, 'docs');
mkdirSync(docs);
const corpus = resolve(root, '../shared/corpora/rustbook');
for (const name of readdirSync(corpus)
  .filter((n) => n.endsWith('.md'))
  .sort()
  .slice(0, FILES))
  copyFileSync(join(corpus, name), join(docs, name));
const db = join(dir, 'store.db');
const ingest = spawnSync(
  process.execPath,
  [join(root, 'dist/cli/main.js'), 'ingest', docs, '--db', db, '--no-progress'],
  { encoding: 'utf8' },
);
if (ingest.status !== 0) throw new Error(`ingest failed: ${ingest.stderr}`);

const honest = createHashEmbedder({ dimensions: DIMS });
let current = null;
const server = createServer((req, res) => {
  const body = [];
  req.on('data', (c) => body.push(c));
  req.on('end', async () => {
    const { input } = JSON.parse(Buffer.concat(body).toString('utf8'));
    current.requests++;
    const [answer, , , aboutProbe] = CASES[current.name];
    if (input[0] === PROBE && !aboutProbe) {
      const [v] = await honest.embed(input);
      res.end(data(1, `[${[...v]}]`));
      return;
    }
    answer(res, input.length, current.sent);
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const store = await openStore({ db });
const lines = [];
try {
  for (const name of Object.keys(CASES)) {
    const [, code, reason] = CASES[name];
    current = { name, requests: 0, sent: { bytes: 0 } };
    const rssBefore = process.memoryUsage().rss;
    let outcome;
    let embedder;
    try {
      embedder = await createOpenAIEmbedder({
        model: name,
        base_url: base,
        timeout_ms: 1000,
        retries: 1,
        base_delay_ms: 10,
        max_delay_ms: 100,
      });
      await embedChunkSets(store, embedder);
      outcome = { code: 'none (accepted)' };
    } catch (error) {
      outcome = { code: error.code ?? String(error), reason: error.details?.reason };
    }
    const id = embedder?.id ?? `openai:${name}:${DIMS}`;
    const pending = (await store.listPendingVectorSets(id)).length;
    const cache = new Database(db, { readonly: true });
    const cached = cache
      .prepare('SELECT count(*) AS n FROM embeddings WHERE embed_model = ?')
      .get(id).n;
    cache.close();
    const refused =
      outcome.code === code &&
      (reason === undefined || outcome.reason === reason) &&
      cached === 0 &&
      (embedder === undefined || pending > 0) &&
      current.sent.bytes < 64 * 1024 * 1024;
    const line = {
      case: name,
      expected: reason ? `${code}/${reason}` : code,
      got: outcome.reason ? `${outcome.code}/${outcome.reason}` : outcome.code,
      refused,
      requests: current.requests,
      bytes_sent_by_server: current.sent.bytes,
      pending_sets_after: pending,
      cached_vectors_after: cached,
      rss_growth_mb: Math.round((process.memoryUsage().rss - rssBefore) / 1048576),
    };
    lines.push(line);
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
} finally {
  await store.close();
  server.closeAllConnections();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
const refused = lines.filter((l) => l.refused).length;
const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify({ tried: lines.length, refused, peak_rss_mb: peakMb })}\n`);
process.exitCode = refused === lines.length ? 0 : 1;
