// The store side of the serve suite, in this process: build the SQuAD store into a SQLite file
// (outside the clock), then as the in-process reference for the HTTP load one warm-up pass and
// `runs` counted passes of `search(store, question, { k })`, the call GET /api/search makes (with
// its rag_traces row and its traces.log line beside the file), and the same passes without the log
// line to show what the file append costs, and the server's way with `--in-flight` calls awaited at
// once (32, as the load's connections), where the trace file's thread-pool round trips overlap.
// Per pass: p50, p99 and mean wall time of a call, calls per second, and CPU time (user + system,
// this process, thread pool included) per call. Prints one JSON line with the questions for the load.
//
//   node bench/tools/serve-bench.mjs --db <file|postgres-url> [--schema s] --squad <dev-v1.1.json> [--queries 1000] [--k 5]
//     [--in-flight 32] [--runs 5] [--budget-s 60]
import { search } from '../../dist/search/search.js';
import { openStore } from '../../dist/store/open-store.js';
import { buildSquadStore, loadSquadArticles, sampleQuestions } from '../support/squad-store.mjs';
import { percentile } from '../support/store-fixture.mjs';

const args = process.argv.slice(2);
const opts = { queries: 1000, k: 5, inFlight: 32, runs: 5, budgetMs: 60_000 };
for (let i = 0; i < args.length; i++) {
  const flag = args[i];
  if (flag === '--db') opts.db = args[++i];
  else if (flag === '--schema') opts.schema = args[++i];
  else if (flag === '--squad') opts.squad = args[++i];
  else if (flag === '--queries') opts.queries = Number(args[++i]);
  else if (flag === '--k') opts.k = Number(args[++i]);
  else if (flag === '--in-flight') opts.inFlight = Number(args[++i]);
  else if (flag === '--runs') opts.runs = Number(args[++i]);
  else if (flag === '--budget-s') opts.budgetMs = Number(args[++i]) * 1000;
  else {
    console.error(`unknown argument ${flag}`);
    process.exit(2);
  }
}
if (!opts.db || !opts.squad) {
  console.error('usage: serve-bench.mjs --db <file> --squad <dev-v1.1.json> [--queries N] [--k K]');
  process.exit(2);
}

const articles = loadSquadArticles(opts.squad);
const queries = sampleQuestions(articles, opts.queries);
const store = await openStore(
  opts.schema === undefined ? { db: opts.db } : { db: opts.db, schema: opts.schema },
);
try {
  const t0 = performance.now();
  const documents = await buildSquadStore(store, articles);
  const buildMs = performance.now() - t0;
  const { chunks } = await store.counts();

  /** Every question once, `inFlight` calls at a time (1: one after another). */
  const pass = async (list, options, inFlight) => {
    const times = [];
    let hits = 0;
    let empty = 0;
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const query = list[next++];
        const q0 = performance.now();
        const result = await search(store, query, options);
        times.push(performance.now() - q0);
        hits += result.hits.length;
        if (result.hits.length === 0) empty++;
      }
    };
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    await Promise.all(Array.from({ length: inFlight }, worker));
    const wallMs = performance.now() - wall0;
    const cpu = process.cpuUsage(cpu0);
    return { times, hits, empty, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  const measure = async (options, inFlight = 1) => {
    await pass(queries.slice(0, 100), options, inFlight);
    const started = performance.now();
    const passes = [];
    while (
      passes.length < opts.runs &&
      (passes.length === 0 || performance.now() - started < opts.budgetMs)
    ) {
      passes.push(await pass(queries, options, inFlight));
    }
    return passes.map(({ times, hits, empty, wallMs, cpuMs }) => ({
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      per_s: (times.length * 1000) / wallMs,
      cpu_per_query_ms: cpuMs / times.length,
      mean_hits: hits / times.length,
      empty,
    }));
  };
  const withLog = await measure({ k: opts.k });
  const withoutLog = await measure({ k: opts.k, trace_log: false });
  const concurrent = await measure({ k: opts.k }, opts.inFlight);
  process.stdout.write(
    `${JSON.stringify({ documents, chunks, buildMs, k: opts.k, queries, in_flight: opts.inFlight, search: withLog, search_no_log: withoutLog, search_concurrent: concurrent })}\n`,
  );
} finally {
  await store.close();
}
