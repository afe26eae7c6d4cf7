#!/usr/bin/env node
// HTTP fuzz campaign: malformed and hostile requests against a real `cairn serve`
// on each backend (a SQLite file; PostgreSQL when CAIRN_PG_URL answers), loopback only.
// Bounded: REQUESTS per backend (default 1000), each with a 60 s timeout; the servers are
// stopped with SIGTERM at the end (and must exit). Prints the status counts, every 5xx
// with its request, and whether /health answered throughout. Exit 1 on any 5xx.
//
//   npm run build && node scripts/fuzz-http.mjs [--requests 1000] [--seed 45]
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const REQUESTS = Number(opt('requests', '1000'));
const SEED = Number(opt('seed', '45'));
const CLI = resolve(import.meta.dirname, '../dist/cli/main.js');
const CORPORA = resolve(import.meta.dirname, '../../shared/corpora');
const PG_URL = process.env.CAIRN_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOKEN = 'fuzz-token-45';

/** mulberry32: the same campaign for the same seed. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE = [
  '',
  '%00',
  'a%00b',
  '%FF%FE',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('x'.repeat(5000)),
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  'NaN',
  '%7B%7D',
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('\u0000\u0001\u001b]0;x\u0007'),
  encodeURIComponent('a|r=|s=|b=1'),
  '%25',
  encodeURIComponent('🦀'.repeat(300)),
];
const deep = (n) => `${'['.repeat(n)}${']'.repeat(n)}`;
const BODIES = [
  '',
  '{',
  '[]',
  'null',
  '"text"',
  '{"answer":',
  '{"citations":[{"snippet_id":"\\u0000"}]}',
  '{"citations":[{"snippet_id":"a|r=1|s=1|b=1","quote":"\\u0000\\u0000"}]}',
  deep(100_000),
  `{"answer":${JSON.stringify('x'.repeat(2_000_000))}}`,
  '{"answer":{"citations":[{"snippet_id":1e400}]}}',
  '{"__proto__":{"polluted":1},"answer":"x"}',
  '{"answer":"a","answer":"b"}',
  `{"answer":{"candidates":[{"content":{"parts":[{"text":"x"}]},"groundingMetadata":{"groundingChunks":[],"groundingSupports":${JSON.stringify(Array.from({ length: 50 }, () => ({ segment: { text: 'x' }, groundingChunkIndices: Array.from({ length: 1000 }, (_, i) => i) })))}}}]}}`,
  '{"path":"\\u0000"}',
  '{"path":"../../etc/passwd"}',
  '{"path":"/etc/passwd"}',
  '{"q":{"$ne":1}}',
  '{"q":"ownership","k":-5}',
  '{"q":"ownership","k":"1e9"}',
  '{"answer":"x","format":"gemini","request":"{"}',
  '\uFEFF{"answer":"x"}',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('latin1'),
];
const GETS = [
  '/health',
  '/api/search?q={}',
  '/api/search?q=ownership&k={}',
  '/api/search?q=ownership&doc={}',
  '/api/search?q=ownership&section={}',
  '/api/search?q=ownership&chunker={}',
  '/api/search?q=ownership&mode={}',
  '/api/search?q=ownership&index_hash={}',
  '/api/documents/{}',
  '/api/documents/{}/versions',
  '/api/documents/{}/versions/{}/source',
  '/api/documents?limit={}&offset={}',
  '/api/chunks/{}',
  '/api/chunks/{}/layout',
  '/api/traces?qid={}',
  '/api/traces?limit={}',
  '/openapi.json?x={}',
  '/{}',
];
const POSTS = [
  '/api/audit',
  '/api/validate/answer',
  '/api/validate/citations',
  '/api/search',
  '/api/ingest',
  '/api/ingest?name={}',
];
const CONTENT_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', ''];

function makeRequest(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const fill = (template) => template.replaceAll('{}', () => pick(HOSTILE));
  if (rand() < 0.5) {
    return { method: pick(['GET', 'GET', 'GET', 'HEAD', 'DELETE', 'PUT']), path: fill(pick(GETS)) };
  }
  const headers = { 'content-type': pick(CONTENT_TYPES) };
  if (rand() < 0.5) headers.authorization = `Bearer ${TOKEN}`;
  if (rand() < 0.1) headers['content-encoding'] = pick(['gzip', 'br', 'identity', 'zstd']);
  return { method: 'POST', path: fill(pick(POSTS)), headers, body: pick(BODIES) };
}

function cli(argv, env = {}) {
  const run = spawnSync(process.execPath, [CLI, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(`cairn ${argv.join(' ')}: ${run.stderr}`);
}

function startServe(argv, cwd) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(
      process.execPath,
      [
        CLI,
        'serve',
        '--port',
        '0',
        '--root',
        cwd,
        '--search-workers',
        '1',
        '--ingest-workers',
        '1',
        ...argv,
      ],
      { cwd, env: { ...process.env, CAIRN_TOKEN: TOKEN }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
      if (m) resolveStart({ child, url: m[1], log: () => err });
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

async function campaign(name, argv, cwd) {
  const { child, url, log } = await startServe(argv, cwd);
  const rand = prng(SEED);
  const counts = new Map();
  const fives = [];
  let healthMisses = 0;
  const slowest = { ms: 0 };
  const inFlight = new Set();
  const watch = setInterval(() => {
    for (const f of inFlight)
      if (Date.now() - f.began > 20_000)
        console.error(
          `  waiting ${((Date.now() - f.began) / 1000).toFixed(0)} s: ${JSON.stringify(f)}`,
        );
  }, 20_000);
  const one = async (i) => {
    const req = makeRequest(rand);
    let status;
    const began = Date.now();
    const flight = {
      began,
      method: req.method,
      path: req.path.slice(0, 80),
      body: req.body?.slice(0, 60),
    };
    inFlight.add(flight);
    try {
      const r = await fetch(`${url}${req.path}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: AbortSignal.timeout(60_000),
      });
      await r.arrayBuffer();
      status = r.status;
    } catch (error) {
      status = `fetch-error:${error.cause?.code ?? error.name}`;
    }
    inFlight.delete(flight);
    counts.set(status, (counts.get(status) ?? 0) + 1);
    const took = Date.now() - began;
    if (took > slowest.ms)
      Object.assign(slowest, {
        ms: took,
        method: req.method,
        path: req.path.slice(0, 80),
        body: req.body?.slice(0, 60),
      });
    if (typeof status !== 'number' || status >= 500)
      fives.push({
        i,
        status,
        method: req.method,
        path: req.path.slice(0, 120),
        body: req.body?.slice(0, 80),
      });
    if (i % 100 === 0) {
      const h = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) }).catch(
        () => null,
      );
      if (h?.status !== 200) healthMisses++;
    }
  };
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < REQUESTS) await one(next++);
    }),
  );
  clearInterval(watch);
  const seconds = (Date.now() - started) / 1000;
  child.kill('SIGTERM');
  const exited = await new Promise((r) => {
    const timer = setTimeout(() => r(false), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      r(true);
    });
  });
  if (!exited) child.kill('SIGKILL');
  const five = [...counts]
    .filter(([s]) => typeof s !== 'number' || s >= 500)
    .reduce((n, [, c]) => n + c, 0);
  console.log(
    `${name}: ${REQUESTS} requests in ${seconds.toFixed(0)} s; statuses ${JSON.stringify(Object.fromEntries([...counts].sort()))}; 5xx or no answer: ${five}; /health missed ${healthMisses} of ${Math.ceil(REQUESTS / 100)}; SIGTERM ${exited ? 'stopped it' : 'did NOT stop it'}`,
  );
  console.log(`  slowest answer: ${JSON.stringify(slowest)}`);
  for (const f of fives.slice(0, 20)) console.log('  ', JSON.stringify(f));
  if (five > 0)
    console.log(
      log()
        .split('\n')
        .filter((l) => l.includes('cairn serve:'))
        .slice(0, 10)
        .join('\n'),
    );
  return five === 0 && exited && healthMisses === 0;
}

const dir = mkdtempSync(join(tmpdir(), 'cairn-fuzz-'));
let ok = true;
try {
  mkdirSync(join(dir, 'docs'));
  for (const c of ['ch04-01-what-is-ownership.md', 'ch04-02-references-and-borrowing.md'])
    copyFileSync(join(CORPORA, 'rustbook', c), join(dir, 'docs', c));
  cli(['ingest', join(dir, 'docs'), '--db', join(dir, 'cairn.db')]);
  ok = (await campaign('SQLite', ['--db', join(dir, 'cairn.db')], dir)) && ok;
  const schema = `cairn_fuzz_${process.pid}`;
  const pg = spawnSync(process.execPath, [CLI, 'ingest', join(dir, 'docs'), '--db', PG_URL], {
    encoding: 'utf8',
    env: { ...process.env, CAIRN_PG_SCHEMA: schema },
  });
  if (pg.status === 0) {
    ok = (await campaign('PostgreSQL', ['--db', PG_URL, '--schema', schema], dir)) && ok;
    spawnSync('psql', [PG_URL, '-c', `DROP SCHEMA IF EXISTS ${schema} CASCADE`], {
      stdio: 'ignore',
    });
  } else console.log(`PostgreSQL: skipped (${pg.stderr.trim().split('\n')[0]})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
