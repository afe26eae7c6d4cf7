// Audit latency (issue 22): p50 and p95 of auditAnswer on an answer of 100 citations against the
// whole eCFR ingested into SQLite (86 files, about 240k chunks), in cairn's shape, in Anthropic's
// shape, and with one quote in ten taken from another chunk (found elsewhere: a lexical search per
// such quote); the floor is verifyCitations on the same citations without quotes. The store takes
// minutes to ingest, so it is built once into a cache folder ($CAIRN_BENCH_CACHE, default
// <tmpdir>/cairn-bench-cache) under a name keyed on the corpus files and the store's schema,
// and reused while neither changes. Goal: under 100 ms p50 for 100 citations.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CORPORA, listFiles, ROOT } from './harness.mjs';
import { median, runTool } from './support/store-fixture.mjs';

const CITATIONS = 100;
const INGEST_TIMEOUT_MS = 1_200_000;

function cacheKey(files) {
  const hash = createHash('sha256');
  for (const f of files) {
    const s = statSync(f);
    hash.update(`${relative(CORPORA, f)}\0${s.size}\0${s.mtimeMs}\n`);
  }
  // a store of another schema is another store
  hash.update(readFileSync(join(ROOT, 'dist/store/sqlite/schema.js')));
  return hash.digest('hex').slice(0, 12);
}

/** The cached eCFR store, ingested (all files, default chunker) when it is not there yet. */
function ecfrStore() {
  const files = listFiles('ecfr', ['.md']);
  const dir = process.env.CAIRN_BENCH_CACHE ?? join(tmpdir(), 'cairn-bench-cache');
  mkdirSync(dir, { recursive: true });
  const db = join(dir, `audit-ecfr-${cacheKey(files)}.db`);
  if (existsSync(db)) return { db, built: false };
  const partial = `${db}.partial`;
  rmSync(partial, { force: true });
  process.stderr.write(`  building the eCFR store once into ${db} (minutes)\n`);
  const workers = String(Math.max(1, availableParallelism() - 1));
  const child = spawnSync(
    process.execPath,
    [
      join(ROOT, 'dist/cli/main.js'),
      'ingest',
      'ecfr',
      '--db',
      partial,
      '--workers',
      workers,
      '--no-progress',
      '--json',
    ],
    { cwd: CORPORA, encoding: 'utf8', timeout: INGEST_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
  );
  if (child.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`ingest of the eCFR failed: ${(child.stderr || '').trim().split('\n').at(-1)}`);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  renameSync(partial, db);
  return { db, built: true };
}

const fmt = (ms) => ms.toFixed(2);
const spread = (passes, key) => {
  const values = passes.map((p) => p[key]);
  return `${fmt(median(values))} (${fmt(Math.min(...values))}..${fmt(Math.max(...values))})`;
};

export async function bench({ runs = 5 } = {}) {
  const { db, built } = ecfrStore();
  const r = runTool(
    'audit-bench.mjs',
    ['--db', db, '--citations', String(CITATIONS), '--runs', String(runs)],
    {
      progress: 'audit, eCFR SQLite',
      timeoutMs: 1_200_000,
    },
  );
  console.log(
    `\n## Audit latency: one answer of ${CITATIONS} citations, eCFR store (ms per auditAnswer call; median over ${runs} passes of 20 calls (3 for the misplaced rows) after a warm-up; min..max)\n`,
  );
  if (r.failed) {
    console.log(`audit bench failed: ${r.failed}`);
    return;
  }
  console.log(
    `store: ${db}${built ? ' (built in this run)' : ' (cached)'}; ${r.documents} documents, ${r.chunks} chunks; ${r.citations} citations\n`,
  );
  console.log('| answer | p50 | p95 | p50 / floor | verified | repaired | unverified |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const floor = median(r.passes.floor.map((p) => p.p50));
  for (const [name, passes] of Object.entries(r.passes)) {
    const c = r.checks[name];
    console.log(
      `| ${name} | ${spread(passes, 'p50')} | ${spread(passes, 'p95')} | ${(median(passes.map((p) => p.p50)) / floor).toFixed(2)} | ${c.verified} | ${c.repaired ?? ''} | ${c.unverified ?? ''} |`,
    );
  }
  for (const [name, c] of Object.entries(r.checks))
    if (name.includes('claims') && c.claims !== undefined)
      console.log(
        `\n${name}: ${c.claims.claims} claims, ${c.claims.supported} supported, ${c.claims.contradicted} contradicted, ${c.claims.unsupported} unsupported, ${c.claims.uncited} uncited`,
      );
  console.log(
    '\ncairn: seed 001 citations with offsets, rev and a 12-word quote each; anthropic: the same chunks as search_result_location citations; cairn_10_misplaced_in_document: one quote in ten from a chunk further on in its document (repaired from the chunks of the document); cairn_1_misplaced_across_store: one quote from another document (repaired through a lexical search of the store); claims_100_sentences: the claim check alone (checkClaims) on an Anthropic answer of 100 one-sentence claims, each citing its chunk, with no text analysed before; anthropic_100_claims_whole_audit: the whole audit of that answer (citations and claims); floor: verifyCitations on the same payloads without quotes (resolve, revision, offsets). Goal for the claims: p50 under 100 ms.',
  );
}
