// HTTP load on the search route: `cairn serve` over the SQuAD store (24 articles, default chunker)
// in a child process, so the server and the load generator do not share an event loop, driven by
// autocannon in this process: 32 connections for 30 s (BENCH_SERVE_SECONDS to shorten), GET
// /api/search?q=<question>&k=5 over 1000 SQuAD questions, each connection starting at its own place
// in the list. A warm-up load, then `runs` counted loads against the same server, then `runs` loads
// while a `cairn ingest` of the eCFR corpus (62 MB, as new documents each run, with a chunker
// other than the server's default) writes the same store from another process; the tables show each load and the
// median, and how many ingests ran (one that ends before the load is followed by another) and
// whether the last was still writing when the load ended.
// Server settings, each over its own new store (BENCH_SERVE_BACKENDS, comma-separated; default
// sqlite,sqlite-thread,postgres): `sqlite` is cairn serve as it starts by default, searches on
// worker threads with their own read-only connections; `sqlite-thread` the peer in the same run,
// `--search-workers 0`, every search on the server's thread; `sqlite-traces` the default with
// `--traces` (a rag_traces row per request, written through the server's one writable
// connection); `postgres` over a fresh schema. Without --traces a server writes no trace; a
// search still writes the index manifest of each index state it is the first to see.
// For reference the same questions go through the library's `search` in one process, no HTTP: one
// call at a time (the cost of one call), and 32 calls in flight as the server runs them; the
// server's CPU time per request (from /proc, Linux) against the library's CPU time per call shows
// what HTTP adds. No other HTTP server answers cairn's API, so there is no peer to compare with
// but cairn's own settings.
// Beside the saturating load, a fixed-rate one (./support/paced-load.mjs): BENCH_SERVE_RATE
// requests/s (default 100, below the server's capacity) sent at even intervals over at most 32
// keep-alive sockets, `runs` loads alone and `runs` during an ingest (chunkers after the saturating
// loads' ones): the latency a user of a server that is not saturated sees, each request timed from
// when it was due to go out.
// The suite throws (non-zero exit) when any request errors, times out, answers non-2xx or answers
// something other than a search result. BENCH_SERVE_REFERENCE=0 skips the in-process reference.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CORPORA, ROOT } from './harness.mjs';
import { pacedLoad } from './support/paced-load.mjs';
import {
  median,
  PG_URL,
  runTool,
  SQUAD,
  withFreshSchema,
  withTempSqlite,
} from './support/store-fixture.mjs';

const CONNECTIONS = 32;
const QUERIES = 1000;
const K = 5;
const WARM_UP_S = 5;
const START_TIMEOUT_MS = 30_000;
const INGEST_CORPUS = join(CORPORA, 'ecfr');
/**
 * The chunkers the concurrent ingests take in turn: none is the default chunker the server searches,
 * whose chunk set would otherwise grow by the whole eCFR under the searches being measured.
 */
const INGEST_CHUNKERS = ['token', 'sentence', 'char', 'token-like'];
/**
 * BENCH_SERVE_INGEST_NICE=n runs the concurrent ingest under `nice -n n`, as an operator would run a
 * bulk ingest beside a server that answers people: the ingest then takes the CPU the server leaves.
 */
const INGEST_NICE = process.env.BENCH_SERVE_INGEST_NICE;
/** How long the concurrent ingest runs before a load starts, so that it is writing by then. */
const INGEST_LEAD_MS = 3000;
/** The fixed-rate load's offered requests per second (BENCH_SERVE_RATE). */
const RATE = Number(process.env.BENCH_SERVE_RATE ?? 100);

/** The server settings the suite can load, each over a store of its own. */
const SETTINGS = {
  sqlite: { label: 'SQLite, search workers (default)', backend: 'sqlite', serve: [] },
  'sqlite-thread': {
    label: "SQLite, searches on the server's thread (--search-workers 0)",
    backend: 'sqlite',
    serve: ['--search-workers', '0'],
  },
  'sqlite-traces': {
    label: 'SQLite, search workers, --traces',
    backend: 'sqlite',
    serve: ['--traces'],
  },
  postgres: { label: 'PostgreSQL', backend: 'postgres', serve: [] },
};

export async function bench({ runs = 5 } = {}) {
  const seconds = Number(process.env.BENCH_SERVE_SECONDS ?? 30);
  if (!(seconds > 0)) throw new Error(`BENCH_SERVE_SECONDS must be a positive number of seconds`);
  if (!Number.isInteger(RATE) || RATE < 1)
    throw new Error(`BENCH_SERVE_RATE must be a whole number of requests per second`);
  const names = (process.env.BENCH_SERVE_BACKENDS ?? 'sqlite,sqlite-thread,postgres').split(',');
  for (const name of names) {
    if (!(name in SETTINGS))
      throw new Error(`BENCH_SERVE_BACKENDS: unknown ${name}; known: ${Object.keys(SETTINGS)}`);
  }
  const failures = [];
  const reports = [];
  for (const [i, name] of names.entries()) {
    const setting = SETTINGS[name];
    // the in-process reference depends on the backend only: measured once per backend, unless
    // BENCH_SERVE_REFERENCE=0 (PostgreSQL's passes can outlast the tool's budget on a busy machine)
    const reference =
      process.env.BENCH_SERVE_REFERENCE !== '0' &&
      names.findIndex((n) => SETTINGS[n].backend === setting.backend) === i;
    const options = { label: setting.label, serveArgs: setting.serve, runs, seconds, reference };
    const report =
      setting.backend === 'postgres'
        ? await withFreshSchema((schema) => benchStore({ ...options, db: PG_URL, schema }))
        : await withTempSqlite('serve', (db) => benchStore({ ...options, db }));
    print(report, seconds);
    reports.push(report);
    const all = [
      ...report.loads,
      ...report.ingestLoads,
      ...report.rateLoads,
      ...report.rateIngestLoads,
    ];
    const bad = all.reduce((n, l) => n + l.errors + l.timeouts + l.non2xx + l.mismatches, 0);
    if (bad > 0) {
      failures.push(
        `serve bench (${report.label}): ${bad} failed requests (errors, timeouts, non-2xx or not a search result); server log: ${report.server.log.slice(-5).join(' | ') || 'empty'}`,
      );
    }
  }
  printSummary(reports, seconds);
  // every backend is measured and printed before the suite fails
  if (failures.length > 0) throw new Error(failures.join('\n'));
}

async function benchStore({ label, serveArgs, db, schema, runs, seconds, reference }) {
  const env = schema === undefined ? {} : { CAIRN_PG_SCHEMA: schema };
  const args = ['--db', db, '--squad', SQUAD, '--queries', String(QUERIES), '--k', String(K)];
  if (schema !== undefined) args.push('--schema', schema);
  args.push('--in-flight', String(CONNECTIONS), '--runs', String(reference ? runs : 0));
  const store = runTool('serve-bench.mjs', args, {
    progress: `${label}: SQuAD store and in-process search`,
    timeoutMs: 420_000,
  });
  if (store.failed)
    throw new Error(`serve bench: building the SQuAD store failed: ${store.failed}`);
  const paths = store.queries.map((q) => `/api/search?q=${encodeURIComponent(q)}&k=${K}`);
  const server = await startServer(db, env, serveArgs);
  try {
    await load(server, paths, Math.min(WARM_UP_S, seconds));
    process.stderr.write(`  ${label}: warm-up load: ${Math.min(WARM_UP_S, seconds)} s\n`);
    const loads = [];
    for (let i = 0; i < runs; i++) {
      loads.push(await load(server, paths, seconds));
      process.stderr.write(
        `  ${label}: load ${i + 1}/${runs}: ${loads.at(-1).rps.toFixed(0)} requests/s\n`,
      );
    }
    const ingestLoads = [];
    for (let i = 0; i < runs; i++) {
      ingestLoads.push(await duringIngest(db, env, i, () => load(server, paths, seconds)));
      process.stderr.write(
        `  ${label}: load ${i + 1}/${runs} during an ingest: ${ingestLoads.at(-1).rps.toFixed(0)} requests/s, p99 ${ingestLoads.at(-1).p99} ms\n`,
      );
    }
    const rateLoads = [];
    for (let i = 0; i < runs; i++) {
      rateLoads.push(await load(server, paths, seconds, RATE));
      process.stderr.write(
        `  ${label}: ${RATE} requests/s load ${i + 1}/${runs}: p99 ${rateLoads.at(-1).p99} ms\n`,
      );
    }
    const rateIngestLoads = [];
    for (let i = 0; i < runs; i++) {
      rateIngestLoads.push(
        await duringIngest(db, env, runs + i, () => load(server, paths, seconds, RATE)),
      );
      process.stderr.write(
        `  ${label}: ${RATE} requests/s load ${i + 1}/${runs} during an ingest: p99 ${rateIngestLoads.at(-1).p99} ms\n`,
      );
    }
    return {
      label,
      store,
      loads,
      ingestLoads,
      rateLoads,
      rateIngestLoads,
      server: { ...server.usage(), log: server.log(), searches: server.searches },
    };
  } finally {
    await server.stop();
  }
}

/**
 * `measure()` while the `n`-th concurrent ingest writes the store (its chunker the n-th of
 * INGEST_CHUNKERS, round the list), started INGEST_LEAD_MS before. An ingest that ends before the
 * load does is followed at once by another of the eCFR (new documents again), so the store is
 * written for the whole load; the result says how many ingests ran, how those before the last
 * ended, and whether the last still wrote at the end.
 */
async function duringIngest(db, env, n, measure) {
  // each ingest reads the eCFR through a link of its own, so its documents are new ones (their
  // doc_uids start with the link's name) and it writes whichever chunker it takes
  const names = mkdtempSync(join(tmpdir(), 'cairn-serve-ingest-'));
  const chunker = INGEST_CHUNKERS[n % INGEST_CHUNKERS.length];
  const ended = [];
  let stopping = false;
  let ingest;
  const start = (round) => {
    const link = `ecfr-${n}-${round}`;
    symlinkSync(INGEST_CORPUS, join(names, link));
    ingest = startIngest(db, env, chunker, names, link);
    ingest.exited.then(() => {
      if (stopping) return;
      ended.push(ingest.ended());
      start(round + 1);
    });
  };
  start(0);
  try {
    await new Promise((done) => setTimeout(done, INGEST_LEAD_MS));
    const result = await measure();
    const failed = ended.filter((line) => !line.startsWith('exit 0'));
    return {
      ...result,
      ingests: ended.length + 1,
      ingestWriting: ingest.running(),
      ingestEnded: failed.length > 0 ? failed.join('; ') : ingest.ended(),
    };
  } finally {
    stopping = true;
    await ingest.stop();
    rmSync(names, { recursive: true, force: true });
  }
}

/**
 * `cairn ingest` of the eCFR into the store, in its own process, with `chunker`, from the link
 * `root`/`link`: new documents each run, so every run writes. Stopped with SIGINT (an ingest stops
 * between two files, keeping what it wrote).
 */
function startIngest(db, env, chunker, root, link) {
  const command = [process.execPath];
  if (INGEST_NICE !== undefined) command.unshift('nice', '-n', INGEST_NICE);
  const child = spawn(
    command[0],
    [
      ...command.slice(1),
      join(ROOT, 'dist/cli/main.js'),
      'ingest',
      join(root, link),
      '--root',
      root,
      '--db',
      db,
      '--chunker',
      chunker,
      '--no-progress',
      '--json',
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let exited = false;
  let status = null;
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    stderr = (stderr + text).slice(-400);
  });
  const exit = new Promise((done) =>
    child.once('exit', (code, signal) => {
      exited = true;
      status = signal ?? code;
      done();
    }),
  );
  return {
    exited: exit,
    running: () => !exited,
    /** How the ingest ended before it was stopped, with its last words; null while it runs. */
    ended: () => (exited ? `exit ${status}: ${stderr.trim().split('\n').at(-1) ?? ''}` : null),
    stop: async () => {
      if (!exited) child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

/** `cairn serve --port 0` on the store; resolves with its URL once it prints the listening line. */
function startServer(db, storeEnv, serveArgs) {
  const env = { ...process.env, ...storeEnv };
  delete env.CAIRN_TOKEN;
  const child = spawn(
    process.execPath,
    [join(ROOT, 'dist/cli/main.js'), 'serve', '--db', db, '--port', '0', ...serveArgs],
    { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const lines = [];
  let linesSeen = 0;
  let pending = '';
  let exited = false;
  const exit = new Promise((done) =>
    child.once('exit', () => {
      exited = true;
      done();
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cairn serve did not print its address in ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    let url;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      pending += text;
      const parts = pending.split('\n');
      pending = parts.pop();
      for (const line of parts) {
        const match = url ? null : /^cairn serve: (http:\/\/\S+?)\/? /.exec(line);
        if (!match) {
          linesSeen++;
          lines.push(line);
          if (lines.length > 50) lines.shift();
          continue;
        }
        url = match[1];
        clearTimeout(timer);
        resolve({
          url,
          /** What the server says it searches with, from its listening line. */
          searches: /; ([^;)]*)\)$/.exec(line)?.[1] ?? '',
          pid: child.pid,
          cpuMs: () => cpuMs(child.pid),
          usage: () => ({ peakRssMb: peakRssMb(child.pid), stderrLines: linesSeen }),
          log: () => [...lines],
          stop: async () => {
            if (!exited) child.kill('SIGTERM');
            const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await exit;
            clearTimeout(killer);
          },
        });
      }
    });
    child.once('exit', (code, signal) => {
      if (url) return;
      clearTimeout(timer);
      reject(
        new Error(`cairn serve exited (${signal ?? code}) before listening: ${lines.join(' | ')}`),
      );
    });
  });
}

/** What every load checks an answer is: a search result. */
const isSearchResult = (body) => body.startsWith('{"qid":"q-') && body.includes('"hits":[');

/**
 * One autocannon load; connection i starts at question i * (questions / connections). With `rate`,
 * instead a paced load offering that many requests per second (`pacedLoad`).
 */
async function load(server, paths, seconds, rate) {
  let clients = 0;
  const stride = Math.floor(paths.length / CONNECTIONS);
  const server0 = server.cpuMs();
  const self0 = process.cpuUsage();
  const result =
    rate !== undefined
      ? await pacedLoad({
          url: server.url,
          paths,
          rate,
          seconds,
          sockets: CONNECTIONS,
          verifyBody: isSearchResult,
        })
      : await autocannon({
          url: server.url,
          connections: CONNECTIONS,
          duration: seconds,
          requests: [{ method: 'GET', path: paths[0] }],
          setupClient: (client) => {
            const start = (clients++ * stride) % paths.length;
            const order = [...paths.slice(start), ...paths.slice(0, start)];
            client.setRequests(order.map((path) => ({ method: 'GET', path })));
          },
          verifyBody: isSearchResult,
        });
  const self = process.cpuUsage(self0);
  const serverCpuMs = server.cpuMs() - server0;
  const total = result.requests.total;
  return {
    seconds: result.duration,
    total,
    rps: total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    sendLagP99: result.sendLagP99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    bytesPerRequest: total > 0 ? result.throughput.total / total : 0,
    serverCpuPerRequestMs: total > 0 ? serverCpuMs / total : Number.NaN,
    serverCpuShare: serverCpuMs / (result.duration * 1000),
    loadCpuShare: (self.user + self.system) / 1000 / (result.duration * 1000),
  };
}

/** User + system CPU time of a process so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3): utime and stime are fields 14 and 15, in clock ticks (100/s)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

function print({ label, store, loads, ingestLoads, rateLoads, rateIngestLoads, server }, seconds) {
  const spread = (values, digits) =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}..${Math.max(...values).toFixed(digits)})`;
  const col = (rows, key, digits) =>
    spread(
      rows.map((r) => r[key]),
      digits,
    );
  const sum = (key) => loads.reduce((n, l) => n + l[key], 0);
  const pct = (x) => `${(x * 100).toFixed(0)}%`;
  const warmUp = Math.min(WARM_UP_S, seconds);
  console.log(
    `\n## HTTP search load: cairn serve over ${label} (SQuAD store, ${store.documents} documents, ${store.chunks} chunks), GET /api/search?q=<question>&k=${K} rotating through ${store.queries.length} SQuAD questions; autocannon, ${CONNECTIONS} connections x ${seconds} s, ${loads.length} counted loads after a ${warmUp} s warm-up against one server process (latency ms; median (min..max))\n`,
  );
  console.log(
    '| load | requests | requests/s | latency p50 | latency p99 | latency max | errors | timeouts | non-2xx | not a result | server CPU ms/request | server CPU | autocannon CPU |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [i, l] of loads.entries()) {
    console.log(
      `| ${i + 1} | ${l.total} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.max} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.mismatches} | ${l.serverCpuPerRequestMs.toFixed(2)} | ${pct(l.serverCpuShare)} | ${pct(l.loadCpuShare)} |`,
    );
  }
  console.log(
    `| median | ${median(loads.map((l) => l.total)).toFixed(0)} | ${col(loads, 'rps', 0)} | ${col(loads, 'p50', 0)} | ${col(loads, 'p99', 0)} | ${col(loads, 'max', 0)} | ${sum('errors')} (sum) | ${sum('timeouts')} (sum) | ${sum('non2xx')} (sum) | ${sum('mismatches')} (sum) | ${col(loads, 'serverCpuPerRequestMs', 2)} | | |`,
  );

  console.log(
    `\nThe same load while a \`cairn ingest\` of the eCFR (62 MB; token, sentence, char, ... chunker, another each run) writes the same store from another process${INGEST_NICE === undefined ? '' : ` under nice -n ${INGEST_NICE}`}, started ${INGEST_LEAD_MS / 1000} s before the load (latency ms)\n`,
  );
  console.log(
    '| load during ingest | requests | requests/s | latency p50 | latency p99 | latency max | errors | non-2xx | ingests run; the last still writing at the end |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const [i, l] of ingestLoads.entries()) {
    console.log(
      `| ${i + 1} | ${l.total} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.max} | ${l.errors} | ${l.non2xx} | ${l.ingests}; ${l.ingestWriting ? 'yes' : `no (${l.ingestEnded})`} |`,
    );
  }
  if (ingestLoads.length > 0) {
    console.log(
      `| median | ${median(ingestLoads.map((l) => l.total)).toFixed(0)} | ${col(ingestLoads, 'rps', 0)} | ${col(ingestLoads, 'p50', 0)} | ${col(ingestLoads, 'p99', 0)} | ${col(ingestLoads, 'max', 0)} | | | |`,
    );
  }

  printRateLoads(rateLoads, rateIngestLoads, seconds);

  console.log(
    `\nServer: ${server.searches}; peak RSS ${server.peakRssMb.toFixed(0)} MB; ${server.stderrLines} server log lines besides the listening one. The load generator, the server and the ingest share this machine's ${cpus().length} cores.`,
  );
  if (store.search.length === 0) return;
  console.log(
    `\nIn-process reference: the same questions through the library's search(store, q, { k: ${K} }), no HTTP (ms; median over ${store.search.length} passes after a 100-query warm-up, min..max)\n`,
  );
  console.log('| search call | p50 | p99 | mean | calls/s | CPU ms/call | hits/call | no hit |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, passes] of [
    ['one at a time, traced (rag_traces row + traces.log line)', store.search],
    ['one at a time, without the traces.log line (trace_log: false)', store.search_no_log],
    [`${store.in_flight} in flight, traced`, store.search_concurrent],
  ]) {
    console.log(
      `| ${label} | ${col(passes, 'p50', 3)} | ${col(passes, 'p99', 3)} | ${col(passes, 'mean', 3)} | ${col(passes, 'per_s', 0)} | ${col(passes, 'cpu_per_query_ms', 3)} | ${median(passes.map((p) => p.mean_hits)).toFixed(1)} | ${median(passes.map((p) => p.empty))} |`,
    );
  }

  const rps = median(loads.map((l) => l.rps));
  const serverCpu = median(loads.map((l) => l.serverCpuPerRequestMs));
  const libraryRate = median(store.search_concurrent.map((p) => p.per_s));
  const libraryCpu = median(store.search_concurrent.map((p) => p.cpu_per_query_ms));
  const oneCall = median(store.search.map((p) => p.p50));
  const wallPerRequest = 1000 / rps;
  console.log(
    `\nHTTP overhead, in CPU time (which a busy shared machine disturbs less than wall time): the server spends ${serverCpu.toFixed(2)} ms per request (worker threads included), ${(serverCpu / libraryCpu).toFixed(2)}x the ${libraryCpu.toFixed(2)} ms of one traced library call with ${store.in_flight} in flight, so Node's HTTP server, Hono, the hand-off to a search worker and the JSON of a ${(median(loads.map((l) => l.bytesPerRequest)) / 1024).toFixed(1)} KiB answer add about ${(serverCpu - libraryCpu).toFixed(2)} ms. Wall-clock rates, measured a minute or more apart: ${rps.toFixed(0)} requests/s over HTTP, ${libraryRate.toFixed(0)} calls/s in process. One search call alone: p50 ${oneCall.toFixed(3)} ms. With ${CONNECTIONS} requests in flight, latency is mostly waiting in turn (${CONNECTIONS} x ${wallPerRequest.toFixed(2)} ms = ${(CONNECTIONS * wallPerRequest).toFixed(0)} ms).`,
  );
  console.log(
    "No peer: no other HTTP server answers cairn's API; the reference is the library call itself, and the peers are cairn's own settings in the summary.",
  );
}

/** The fixed-rate loads, alone and during an ingest, one table. */
function printRateLoads(alone, duringIngest, seconds) {
  console.log(
    `\nThe same server at a fixed offered rate below its capacity: ${RATE} requests/s (BENCH_SERVE_RATE) sent at even intervals over at most ${CONNECTIONS} keep-alive sockets for ${seconds} s, alone and while an ingest writes (chunkers after the loads' above): the latency a user of an unsaturated server sees, each request timed from when it was due (ms)\n`,
  );
  console.log(
    '| load at a fixed rate | requests | requests/s | latency p50 | latency p90 | latency p99 | latency max | load generator send lag p99 | errors | server CPU ms/request | ingests run; the last still writing at the end |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const [name, rows] of [
    ['alone', alone],
    ['during ingest', duringIngest],
  ]) {
    for (const [i, l] of rows.entries()) {
      const writing =
        l.ingestWriting === undefined
          ? ''
          : `${l.ingests}; ${l.ingestWriting ? 'yes' : `no (${l.ingestEnded})`}`;
      console.log(
        `| ${name} ${i + 1} | ${l.total} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p90} | ${l.p99} | ${l.max} | ${l.sendLagP99} | ${l.errors + l.timeouts + l.non2xx + l.mismatches} | ${l.serverCpuPerRequestMs.toFixed(2)} | ${writing} |`,
      );
    }
    if (rows.length > 1) {
      const med = (key) => median(rows.map((r) => r[key]));
      console.log(
        `| ${name}, median | ${med('total').toFixed(0)} | ${med('rps').toFixed(0)} | ${med('p50')} | ${med('p90')} | ${med('p99')} | ${med('max')} | ${med('sendLagP99')} | | ${med('serverCpuPerRequestMs').toFixed(2)} | |`,
      );
    }
  }
}

/** One line per server setting: the loads without and during an ingest, side by side. */
function printSummary(reports, seconds) {
  const med = (rows, key) => median(rows.map((r) => r[key]));
  console.log(
    `\n## HTTP search load, summary: medians of the counted ${seconds} s loads per setting, without and during a concurrent eCFR ingest into the same store (latency ms); query: GET /api/search?q=<SQuAD question>&k=${K}, ${QUERIES} questions in rotation, ${CONNECTIONS} connections\n`,
  );
  console.log(
    '| server setting | store | requests/s | p50 | p99 | requests/s during ingest | p50 during ingest | p99 during ingest | p99 during / without |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { label, store, loads, ingestLoads } of reports) {
    const p99 = med(loads, 'p99');
    const p99Ingest = ingestLoads.length > 0 ? med(ingestLoads, 'p99') : Number.NaN;
    console.log(
      `| ${label} | SQuAD, ${store.documents} documents, ${store.chunks} chunks | ${med(loads, 'rps').toFixed(0)} | ${med(loads, 'p50')} | ${p99} | ${ingestLoads.length > 0 ? med(ingestLoads, 'rps').toFixed(0) : ''} | ${ingestLoads.length > 0 ? med(ingestLoads, 'p50') : ''} | ${Number.isNaN(p99Ingest) ? '' : p99Ingest} | ${Number.isNaN(p99Ingest) ? '' : (p99Ingest / p99).toFixed(2)} |`,
    );
  }
  console.log(
    `\nAt a fixed offered rate of ${RATE} requests/s (below capacity), medians of the ${seconds} s loads (latency ms); the same store and query\n`,
  );
  console.log(
    '| server setting | p50 | p99 | p50 during ingest | p99 during ingest | server CPU ms/request |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { label, rateLoads, rateIngestLoads } of reports) {
    if (rateLoads.length === 0) continue;
    console.log(
      `| ${label} | ${med(rateLoads, 'p50')} | ${med(rateLoads, 'p99')} | ${med(rateIngestLoads, 'p50')} | ${med(rateIngestLoads, 'p99')} | ${med(rateLoads, 'serverCpuPerRequestMs').toFixed(2)} |`,
    );
  }
}
