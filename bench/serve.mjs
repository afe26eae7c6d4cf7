// HTTP load on the search route (issue 8): `cairn serve` over the SQuAD store (24 articles, default
// chunker, SQLite) in a child process, so the server and the load generator do not share an event
// loop, driven by autocannon in this process: 32 connections for 30 s (BENCH_SERVE_SECONDS to
// shorten), GET /api/search?q=<question>&k=5 over 1000 SQuAD questions, each connection starting at
// its own place in the list. A warm-up load, then `runs` counted loads against the same server;
// the table shows each load and the median. Every request is a real search: it writes a rag_traces
// row and appends a line to traces.log beside the database, as `cairn search` does.
// For reference the same questions go through the library's `search` in one process, no HTTP: one
// call at a time (the cost of one call), and 32 calls in flight as the server runs them; the
// server's CPU time per request (from /proc, Linux) against the library's CPU time per call shows
// what HTTP adds. No other HTTP server answers cairn's API, so there is no peer to compare with.
// The suite throws (non-zero exit) when any request errors, times out, answers non-2xx or answers
// something other than a search result.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './harness.mjs';
import { median, runTool, SQUAD, withTempSqlite } from './support/store-fixture.mjs';

const CONNECTIONS = 32;
const QUERIES = 1000;
const K = 5;
const WARM_UP_S = 5;
const START_TIMEOUT_MS = 30_000;

export async function bench({ runs = 5 } = {}) {
  const seconds = Number(process.env.BENCH_SERVE_SECONDS ?? 30);
  if (!(seconds > 0)) throw new Error(`BENCH_SERVE_SECONDS must be a positive number of seconds`);
  const report = await withTempSqlite('serve', async (db) => {
    const args = ['--db', db, '--squad', SQUAD, '--queries', String(QUERIES), '--k', String(K)];
    args.push('--in-flight', String(CONNECTIONS), '--runs', String(runs));
    const store = runTool('serve-bench.mjs', args, {
      progress: 'SQuAD store and in-process search',
      timeoutMs: 420_000,
    });
    if (store.failed)
      throw new Error(`serve bench: building the SQuAD store failed: ${store.failed}`);
    const paths = store.queries.map((q) => `/api/search?q=${encodeURIComponent(q)}&k=${K}`);
    const server = await startServer(db);
    try {
      await load(server, paths, Math.min(WARM_UP_S, seconds));
      process.stderr.write(`  warm-up load: ${Math.min(WARM_UP_S, seconds)} s\n`);
      const loads = [];
      for (let i = 0; i < runs; i++) {
        loads.push(await load(server, paths, seconds));
        process.stderr.write(
          `  load ${i + 1}/${runs}: ${loads.at(-1).rps.toFixed(0)} requests/s\n`,
        );
      }
      return { store, loads, server: { ...server.usage(), log: server.log() } };
    } finally {
      await server.stop();
    }
  });
  print(report, seconds);
  const bad = report.loads.reduce((n, l) => n + l.errors + l.timeouts + l.non2xx + l.mismatches, 0);
  if (bad > 0) {
    throw new Error(
      `serve bench: ${bad} failed requests (errors, timeouts, non-2xx or not a search result); server log: ${report.server.log.slice(-5).join(' | ') || 'empty'}`,
    );
  }
}

/** `cairn serve --port 0` on the file; resolves with its URL once it prints the listening line. */
function startServer(db) {
  const env = { ...process.env };
  delete env.CAIRN_TOKEN;
  const child = spawn(
    process.execPath,
    [join(ROOT, 'dist/cli/main.js'), 'serve', '--db', db, '--port', '0'],
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

/** One autocannon load; connection i starts at question i * (questions / connections). */
async function load(server, paths, seconds) {
  let clients = 0;
  const stride = Math.floor(paths.length / CONNECTIONS);
  const server0 = server.cpuMs();
  const self0 = process.cpuUsage();
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', path: paths[0] }],
    setupClient: (client) => {
      const start = (clients++ * stride) % paths.length;
      const order = [...paths.slice(start), ...paths.slice(0, start)];
      client.setRequests(order.map((path) => ({ method: 'GET', path })));
    },
    verifyBody: (body) => body.startsWith('{"qid":"q-') && body.includes('"hits":['),
  });
  const self = process.cpuUsage(self0);
  const serverCpuMs = server.cpuMs() - server0;
  const total = result.requests.total;
  return {
    seconds: result.duration,
    total,
    rps: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
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

function print({ store, loads, server }, seconds) {
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
    `\n## HTTP search load: cairn serve over SQLite (SQuAD store, ${store.documents} documents, ${store.chunks} chunks), GET /api/search?q=<question>&k=${K} rotating through ${store.queries.length} SQuAD questions; autocannon, ${CONNECTIONS} connections x ${seconds} s, ${loads.length} counted loads after a ${warmUp} s warm-up against one server process (latency ms; median (min..max))\n`,
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
    `\nIn-process reference: the same questions through the library's search(store, q, { k: ${K} }), no HTTP (ms; median over ${store.search.length} passes after a 100-query warm-up, min..max)\n`,
  );
  console.log('| search call | p50 | p99 | mean | calls/s | CPU ms/call | hits/call | no hit |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, passes] of [
    ['one at a time, as the server calls it (rag_traces row + traces.log line)', store.search],
    ['one at a time, without the traces.log line (trace_log: false)', store.search_no_log],
    [`${store.in_flight} in flight, as the server calls it`, store.search_concurrent],
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
    `\nHTTP overhead, in CPU time (which a busy shared machine disturbs less than wall time): the server spends ${serverCpu.toFixed(2)} ms per request, ${(serverCpu / libraryCpu).toFixed(2)}x the ${libraryCpu.toFixed(2)} ms of one library call with ${store.in_flight} in flight, so Node's HTTP server, Hono and the JSON of a ${(median(loads.map((l) => l.bytesPerRequest)) / 1024).toFixed(1)} KiB answer add about ${(serverCpu - libraryCpu).toFixed(2)} ms. Wall-clock rates, measured a minute or more apart: ${rps.toFixed(0)} requests/s over HTTP, ${libraryRate.toFixed(0)} calls/s in process. One search call alone: p50 ${oneCall.toFixed(3)} ms. With ${CONNECTIONS} requests in flight on one event loop, latency is mostly waiting in turn (${CONNECTIONS} x ${wallPerRequest.toFixed(2)} ms = ${(CONNECTIONS * wallPerRequest).toFixed(0)} ms).`,
  );
  console.log(
    `No peer: no other HTTP server answers cairn's API; the reference is the library call itself. Every request is a real search: a rag_traces row and a traces.log line beside the database, part of the measured cost. Server peak RSS ${server.peakRssMb.toFixed(0)} MB; ${server.stderrLines} server log lines besides the listening one. The load generator and the server share this machine's ${cpus().length} cores.`,
  );
}
