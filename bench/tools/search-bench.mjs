// Query latency in this process: build the store outside the clock (SQuAD articles stored with the
// default chunker, or eCFR files through ingest), then one warm-up pass and `runs` counted passes of
// the same queries through `search` (ranking and the rag_traces row included, no trace log file), and
// as a floor the store's bare lexical query with the same terms. Prints one JSON line.
//
//   node bench/tools/search-bench.mjs --db <file|postgres://...> [--schema <name>]
//     --corpus squad|ecfr --squad <dev-v1.1.json> [--queries 1000] [--runs 5] [--budget-s 60] [--floor-queries N]
//     [ecfr files...]
// Counted passes stop early once one series (search, or floor) has used its budget.
import { defaultChunkerRegistry } from '../../dist/chunk/chunker-registry.js';
import { ingestSources } from '../../dist/ingest/ingest-sources.js';
import { dropStopwords } from '../../dist/search/drop-stopwords.js';
import { RERANK_POOL } from '../../dist/search/proximity-rerank.js';
import { search } from '../../dist/search/search.js';
import { tokenizeQuery } from '../../dist/search/tokenize-query.js';
import { MAX_QUERY_TERMS } from '../../dist/store/lexical-search-sql.js';
import { openStore } from '../../dist/store/open-store.js';
import { buildSquadStore, loadSquadArticles, sampleQuestions } from '../support/squad-store.mjs';
import { percentile } from '../support/store-fixture.mjs';

const args = process.argv.slice(2);
const opts = { queries: 1000, floorQueries: Infinity, runs: 5, budgetMs: 60_000, files: [] };
for (let i = 0; i < args.length; i++) {
  const flag = args[i];
  if (flag === '--db') opts.db = args[++i];
  else if (flag === '--schema') opts.schema = args[++i];
  else if (flag === '--corpus') opts.corpus = args[++i];
  else if (flag === '--squad') opts.squad = args[++i];
  else if (flag === '--queries') opts.queries = Number(args[++i]);
  else if (flag === '--runs') opts.runs = Number(args[++i]);
  else if (flag === '--floor-queries') opts.floorQueries = Number(args[++i]);
  else if (flag === '--budget-s') opts.budgetMs = Number(args[++i]) * 1000;
  else opts.files.push(flag);
}

const articles = loadSquadArticles(opts.squad);
// every (n/queries)-th question: all articles, not only the first few
const queries = sampleQuestions(articles, opts.queries);

const store = await openStore({
  db: opts.db,
  ...(opts.schema === undefined ? {} : { schema: opts.schema }),
});
try {
  const chunker = defaultChunkerRegistry().get('default');
  const t0 = performance.now();
  let documents = 0;
  if (opts.corpus === 'squad') {
    documents = await buildSquadStore(store, articles);
  } else {
    const summary = await ingestSources(store, opts.files);
    documents = summary.files - summary.failed;
  }
  const ingestMs = performance.now() - t0;
  const { chunks } = await store.counts();

  const searchPass = async (list) => {
    const times = [];
    let hits = 0;
    for (const query of list) {
      const q0 = performance.now();
      const result = await search(store, query, { trace_log: false });
      times.push(performance.now() - q0);
      hits += result.hits.length;
    }
    return { times, hits };
  };
  const floorPass = async (list) => {
    const times = [];
    let hits = 0;
    for (const query of list) {
      const q0 = performance.now();
      // the engine query `search` makes: the same terms, the reranker's pool of candidates
      const terms = dropStopwords(tokenizeQuery(query)).slice(0, MAX_QUERY_TERMS);
      const rows = await store.searchLexical({
        chunker_id: chunker.chunker_id,
        terms,
        limit: RERANK_POOL,
      });
      times.push(performance.now() - q0);
      hits += Math.min(10, rows.length);
    }
    return { times, hits };
  };
  // A warm-up of 100 queries, then counted passes over all of them while the budget lasts (at least one).
  const measure = async (pass, list) => {
    await pass(list.slice(0, 100));
    const started = performance.now();
    const runs = [];
    while (
      runs.length < opts.runs &&
      (runs.length === 0 || performance.now() - started < opts.budgetMs)
    ) {
      runs.push(await pass(list));
    }
    return runs.map(({ times, hits }) => ({
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      mean_hits: hits / times.length,
    }));
  };
  const floor = await measure(floorPass, queries.slice(0, opts.floorQueries));
  const full = await measure(searchPass, queries);
  process.stdout.write(
    `${JSON.stringify({ documents, chunks, ingestMs, queries: queries.length, floor_queries: Math.min(queries.length, opts.floorQueries), full, floor, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
  );
} finally {
  await store.close();
}
