// Query latency (issue 6): p50 and p95 of `search` over 1000 SQuAD questions, on the SQuAD store
// (24 articles, default chunker) and on the ingested eCFR corpus, each for SQLite and PostgreSQL. One child process per store: it builds the store outside the clock, runs one warm-up pass
// and `runs` counted passes; the table shows the median pass's percentile with min..max over passes.
// The floor is the store's bare lexical query with the same terms (no ranking, no trace row).
// SEARCH_BENCH_ECFR_MB limits the eCFR part to a prefix of that many MB (default 15; 0 for all).
import { statSync } from 'node:fs';
import { listFiles } from './harness.mjs';
import {
  median,
  PG_URL,
  pgQuery,
  runTool,
  SQUAD,
  withFreshSchema,
  withTempSqlite,
} from './support/store-fixture.mjs';

const CHILD_TIMEOUT_MS = 420_000;
const QUERIES = 1000;
/** The whole eCFR (60 MB, minutes to ingest into each backend) would push the suite past 10 minutes. */
const DEFAULT_ECFR_MB = 15;

function runChild(label, db, corpus, runs, extra = []) {
  const args = ['--db', db, '--corpus', corpus];
  args.push('--squad', SQUAD, '--queries', String(QUERIES), '--runs', String(runs), ...extra);
  return {
    label,
    ...runTool('search-bench.mjs', args, { progress: label, timeoutMs: CHILD_TIMEOUT_MS }),
  };
}

function inTempSqlite(label, corpus, runs, extra) {
  return withTempSqlite('search', (db) => runChild(label, db, corpus, runs, extra));
}

async function inFreshSchema(label, corpus, runs, extra = []) {
  try {
    await pgQuery('SELECT 1');
  } catch (error) {
    return { label, failed: `PostgreSQL not reachable at ${PG_URL}: ${error.message}` };
  }
  // the floor over 200 queries keeps the suite within minutes
  return withFreshSchema((schema) =>
    runChild(label, PG_URL, corpus, runs, ['--schema', schema, '--floor-queries', '200', ...extra]),
  );
}

function ecfrFiles() {
  const files = listFiles('ecfr', ['.md']);
  const total = files.reduce((n, f) => n + statSync(f).size, 0);
  const limitMb = Number(process.env.SEARCH_BENCH_ECFR_MB ?? DEFAULT_ECFR_MB);
  if (!(limitMb > 0)) return { files, mb: total / 1e6, note: null };
  const picked = [];
  let bytes = 0;
  for (const file of files) {
    if (bytes >= limitMb * 1e6) break;
    picked.push(file);
    bytes += statSync(file).size;
  }
  return {
    files: picked,
    mb: bytes / 1e6,
    note: `eCFR subset: the first ${picked.length} of ${files.length} files, ${(bytes / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB (SEARCH_BENCH_ECFR_MB=${limitMb})`,
  };
}

const fmt = (ms) => ms.toFixed(2);
const spread = (passes, key) => {
  const values = passes.map((p) => p[key]);
  return `${fmt(median(values))} (${fmt(Math.min(...values))}..${fmt(Math.max(...values))})`;
};

export async function bench({ runs = 5 } = {}) {
  const ecfr = ecfrFiles();
  const rows = [
    await inTempSqlite('SQuAD, SQLite', 'squad', runs),
    await inFreshSchema('SQuAD, PostgreSQL', 'squad', runs),
    await inTempSqlite(`eCFR ${ecfr.mb.toFixed(0)} MB, SQLite`, 'ecfr', runs, ecfr.files),
    await inFreshSchema(`eCFR ${ecfr.mb.toFixed(0)} MB, PostgreSQL`, 'ecfr', runs, ecfr.files),
  ];
  console.log(
    `\n## Search latency: ${QUERIES} SQuAD questions, k=10, default chunker (ms; median over the counted passes, up to ${runs}, after a 100-query warm-up; min..max)\n`,
  );
  console.log(
    '| store | documents | chunks | build s | passes | search p50 | search p95 | floor p50 | floor p95 | floor queries | p50 / floor | hits/query |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    if (r.failed) {
      console.log(`| ${r.label} | | | | | ${r.failed} | | | | | | |`);
      continue;
    }
    const ratio = median(r.full.map((p) => p.p50)) / median(r.floor.map((p) => p.p50));
    console.log(
      `| ${r.label} | ${r.documents} | ${r.chunks} | ${(r.ingestMs / 1000).toFixed(1)} | ${r.full.length} | ${spread(r.full, 'p50')} | ${spread(r.full, 'p95')} | ${spread(r.floor, 'p50')} | ${spread(r.floor, 'p95')} | ${r.floor_queries} | ${ratio.toFixed(2)} | ${median(r.full.map((p) => p.mean_hits)).toFixed(1)} |`,
    );
  }
  console.log(
    '\nsearch: the library call (query analysis, manifest check, engine query, tie-break, citation payload, one rag_traces row; no trace log file). floor: store.searchLexical with the same terms and limit.',
  );
  if (ecfr.note) console.log(ecfr.note);
}
