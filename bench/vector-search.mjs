// npm run bench -- vector-search: p50/p95 of `search` in modes lexical, vector and hybrid (hash
// embedder, 512 dimensions) over eCFR stores on SQLite (sqlite-vec's vec_distance_cosine over the
// chunk_vectors scan table) and PostgreSQL (real[] scored in SQL, or pgvector's <=> where installed),
// plus embedding throughput. Stores: the first VECTOR_BENCH_SIZES MB of the eCFR Markdown (default
// "16,all": about 63k chunks, and all 86 files, about 242k), built once (ingest + embed, minutes)
// into $CAIRN_BENCH_CACHE (default <tmpdir>/cairn-bench-cache) as vector-ecfr-<size>.db and into
// PostgreSQL schemas cairn_vbench_<size>, and reused; delete them to rebuild. Exact search scans
// every embedded chunk, so each mode gets VECTOR_BENCH_QUERIES SQuAD questions (default 50) or
// VECTOR_BENCH_BUDGET_S seconds (default 120), whichever ends first. The vector rankings of the two
// backends are compared question by question (exact search: the same chunks in the same order).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHashEmbedder, defaultChunkerRegistry, openStore, search } from '../dist/index.js';
import { PG_URL, percentile, pgQuery, runTool, SQUAD } from './support/store-fixture.mjs';

const CACHE = process.env.CAIRN_BENCH_CACHE ?? join(tmpdir(), 'cairn-bench-cache');
const BUILD_TIMEOUT_MS = 3_600_000;

function questions(n) {
  const squad = JSON.parse(readFileSync(SQUAD, 'utf8'));
  const out = [];
  for (const article of squad.data)
    for (const p of article.paragraphs)
      for (const q of p.qas) if (out.length < n) out.push(q.question);
  return out;
}

/** The cached SQLite store of this size, built when missing; { db, build } with the build's figures. */
function sqliteStore(size) {
  mkdirSync(CACHE, { recursive: true });
  const db = join(CACHE, `vector-ecfr-${size}.db`);
  if (existsSync(db)) return { open: () => openStore({ db }), build: null };
  const partial = `${db}.partial`;
  rmSync(partial, { force: true });
  const build = runTool('vector-store.mjs', ['--mb', size, '--db', partial], {
    progress: `build SQLite eCFR ${size}`,
    timeoutMs: BUILD_TIMEOUT_MS,
  });
  if (build.failed) throw new Error(`building the SQLite store failed: ${build.failed}`);
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  renameSync(partial, db);
  return { open: () => openStore({ db }), build };
}

async function postgresStore(size) {
  const schema = `cairn_vbench_${size}`;
  const done = await pgQuery(
    `SELECT 1 FROM pg_namespace WHERE nspname = '${schema}' AND EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = '${schema}' AND tablename = 'vector_sets')`,
  );
  let build = null;
  if (
    done.rowCount === 0 ||
    (await pgQuery(`SELECT COUNT(*)::int AS n FROM ${schema}.vector_sets`)).rows[0].n === 0
  ) {
    await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    build = runTool('vector-store.mjs', ['--mb', size, '--pg', PG_URL, '--schema', schema], {
      progress: `build PostgreSQL eCFR ${size}`,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    if (build.failed) throw new Error(`building the PostgreSQL store failed: ${build.failed}`);
  }
  return { open: () => openStore({ db: PG_URL, schema }), build };
}

async function measure(label, { open, build }, queries, budgetMs) {
  const store = await open();
  const embedder = createHashEmbedder();
  const row = { label, build, rankings: [] };
  try {
    const chunks = await store.getVectorIndexStates(
      defaultChunkerRegistry().get('default').chunker_id,
    );
    row.chunks = chunks.reduce((n, s) => n + s.sets.reduce((m, set) => m + set.chunk_count, 0), 0);
    for (const mode of ['lexical', 'vector', 'hybrid']) {
      // one warm-up question (the first search opens caches and plans); the exact scans are timed
      // from the first, which can take minutes on PostgreSQL's real[] path
      if (mode === 'lexical') await search(store, queries[0], { mode, trace: false });
      const times = [];
      const started = performance.now();
      for (const q of queries) {
        if (performance.now() - started > budgetMs) break;
        const s = performance.now();
        const result = await search(store, q, {
          mode,
          ...(mode === 'lexical' ? {} : { embedder }),
          trace: false,
        });
        times.push(performance.now() - s);
        if (mode === 'vector') row.rankings.push(result.hits.map((h) => h.chunk_id).join(' '));
      }
      row[mode] = {
        n: times.length,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
      };
    }
    return row;
  } finally {
    await store.close();
  }
}

function embedThroughput() {
  // the hash embedder alone, on the first 20k eCFR-like texts: SQuAD paragraphs, repeated
  const squad = JSON.parse(readFileSync(SQUAD, 'utf8'));
  const texts = [];
  for (const article of squad.data) for (const p of article.paragraphs) texts.push(p.context);
  return texts;
}

export async function bench() {
  const sizes = (process.env.VECTOR_BENCH_SIZES ?? '16,all').split(',');
  const queries = questions(Number(process.env.VECTOR_BENCH_QUERIES ?? 50));
  const budgetMs = Number(process.env.VECTOR_BENCH_BUDGET_S ?? 120) * 1000;
  const rows = [];
  for (const size of sizes) {
    const sqlite = await measure(`SQLite, eCFR ${size}`, sqliteStore(size), queries, budgetMs);
    const postgres = await measure(
      `PostgreSQL, eCFR ${size}`,
      await postgresStore(size),
      queries,
      budgetMs,
    );
    const compared = Math.min(sqlite.rankings.length, postgres.rankings.length);
    let same = 0;
    for (let i = 0; i < compared; i++) if (sqlite.rankings[i] === postgres.rankings[i]) same++;
    rows.push(sqlite, postgres);
    sqlite.identical = postgres.identical = `${same}/${compared}`;
  }
  const embedder = createHashEmbedder();
  const texts = embedThroughput();
  await embedder.embed(texts.slice(0, 100));
  const t0 = performance.now();
  await embedder.embed(texts);
  const embedS = (performance.now() - t0) / 1000;
  console.log(
    `\n## vector and hybrid search over eCFR stores, hash embedder (512), up to ${queries.length} SQuAD questions or ${budgetMs / 1000} s per mode, ms\n`,
  );
  console.log(
    '| store | chunks | lexical p50 / p95 | vector p50 / p95 | hybrid p50 / p95 | questions (l/v/h) | vector top-10 same on both backends |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const f = (m) => `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)}`;
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.chunks} | ${f(r.lexical)} | ${f(r.vector)} | ${f(r.hybrid)} | ${r.lexical.n}/${r.vector.n}/${r.hybrid.n} | ${r.identical} |`,
    );
  }
  console.log('\n## embedding throughput, hash embedder (512)\n');
  console.log('| what | texts | s | texts/s |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| embedder alone, SQuAD paragraphs | ${texts.length} | ${embedS.toFixed(2)} | ${Math.round(texts.length / embedS)} |`,
  );
  for (const r of rows) {
    if (r.build === null) continue;
    console.log(
      `| cairn embed (cache + vectors written), ${r.label} | ${r.build.chunks} | ${r.build.embed_s.toFixed(1)} | ${Math.round(r.build.embed_chunks_per_s)} |`,
    );
  }
}
