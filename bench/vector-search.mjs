// npm run bench -- vector-search: p50/p95 of `search` in modes lexical, vector and hybrid (hash
// embedder) over a prefix of the eCFR corpus, on SQLite (sqlite-vec) and PostgreSQL (real[],
// exact cosine in SQL). Both scan every embedded chunk: the latency grows with the store.
// VECTOR_BENCH_ECFR_MB sets the prefix (default 5), VECTOR_BENCH_QUERIES the SQuAD questions asked (default 100).
import { readFileSync, statSync } from 'node:fs';
import {
  createHashEmbedder,
  embedChunkSets,
  ingestSources,
  openStore,
  search,
} from '../dist/index.js';
import { listFiles } from './harness.mjs';
import {
  PG_URL,
  percentile,
  SQUAD,
  withFreshSchema,
  withTempSqlite,
} from './support/store-fixture.mjs';

function ecfrPrefix(mb) {
  const picked = [];
  let bytes = 0;
  for (const file of listFiles('ecfr', ['.md'])) {
    if (bytes >= mb * 1e6) break;
    picked.push(file);
    bytes += statSync(file).size;
  }
  return { files: picked, mb: bytes / 1e6 };
}

function questions(n) {
  const squad = JSON.parse(readFileSync(SQUAD, 'utf8'));
  const out = [];
  for (const article of squad.data)
    for (const p of article.paragraphs)
      for (const q of p.qas) if (out.length < n) out.push(q.question);
  return out;
}

async function measure(label, open, files, queries) {
  const store = await open();
  try {
    const t0 = performance.now();
    await ingestSources(store, files, { workers: 0 });
    const t1 = performance.now();
    const embedder = createHashEmbedder();
    const report = await embedChunkSets(store, embedder);
    const t2 = performance.now();
    const row = {
      label,
      chunks: report.chunks_done,
      ingest_s: (t1 - t0) / 1000,
      embed_s: (t2 - t1) / 1000,
    };
    for (const mode of ['lexical', 'vector', 'hybrid']) {
      const times = [];
      for (const q of queries) {
        const s = performance.now();
        await search(store, q, { mode, ...(mode === 'lexical' ? {} : { embedder }), trace: false });
        times.push(performance.now() - s);
      }
      row[mode] = `${percentile(times, 0.5).toFixed(1)} / ${percentile(times, 0.95).toFixed(1)}`;
    }
    return row;
  } finally {
    await store.close();
  }
}

export async function bench() {
  const { files, mb } = ecfrPrefix(Number(process.env.VECTOR_BENCH_ECFR_MB ?? 5));
  const queries = questions(Number(process.env.VECTOR_BENCH_QUERIES ?? 100));
  const rows = [
    await withTempSqlite('vector', (db) =>
      measure('SQLite', () => openStore({ db }), files, queries),
    ),
    await withFreshSchema((schema) =>
      measure('PostgreSQL', () => openStore({ db: PG_URL, schema }), files, queries),
    ),
  ];
  console.log(
    `\n## vector and hybrid search, eCFR first ${mb.toFixed(1)} MB, ${queries.length} SQuAD questions, hash embedder (512)\n`,
  );
  console.log(
    '| store | chunks | ingest s | embed s | lexical p50 / p95 ms | vector p50 / p95 ms | hybrid p50 / p95 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.chunks} | ${r.ingest_s.toFixed(1)} | ${r.embed_s.toFixed(1)} | ${r.lexical} | ${r.vector} | ${r.hybrid} |`,
    );
  }
}
