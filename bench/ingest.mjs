// Ingest end to end (issue 5): files on disk to committed rows, through the library's ingest entry
// (the one `cairn ingest` calls) with the default chunker, one child process per measurement so its
// peak RSS (worker threads included) belongs to that ingest alone. Each counted run starts from a
// fresh database: a first ingest, then an unchanged re-ingest of the same files into the same
// database. SQLite and PostgreSQL over the whole eCFR corpus, and SQLite over a 15 MB prefix of it
// and over two copies of it, to show whether peak RSS grows with the corpus.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { CORPORA, listFiles, ROOT } from './harness.mjs';
import {
  median,
  PG_URL,
  pgQuery,
  runTool,
  withFreshSchema,
  withTempSqlite,
} from './support/store-fixture.mjs';

/** One ingest that takes longer is stopped and reported as not finished. */
const CHILD_TIMEOUT_MS = 420_000;
/** A full ingest slower than this counts as expensive: fewer runs, no PostgreSQL warm-up. */
const SLOW_MS = 60_000;
/** Wall time per series (warm-up included) before counted runs stop early; about 20 min in all. */
const BUDGET_MS = { sqlite: 330_000, postgres: 330_000, subset: 150_000, doubled: 240_000 };
const SUBSET_BYTES = 15e6;
/** Wall time for the bound's counted runs (each about 20 s on the eCFR). */
const BOUND_BUDGET_MS = 90_000;

const TARGET_MBPS = 10;
const TARGET_UNCHANGED_RATIO = 20;
const TARGET_RSS_MB = 1024;
/** "Not growing": the full corpus's peak RSS at most this multiple of the 15 MB subset's. */
const RSS_GROWTH_LIMIT = 1.25;
/**
 * The same between the corpus and two copies of it. Tighter: the 15 MB prefix ends before the
 * worker's heap reaches its recycling size (RECYCLE_HEAP_MB), the full corpus does not, and twice
 * the corpus should then add nothing but run-to-run variation (the corpus's median peak was 527,
 * 534 and 538 MB in three bench runs).
 */
const RSS_PLATEAU_LIMIT = 1.1;

/** One ingest in a fresh process; its JSON line plus the process's wall time. */
function ingestOnce(db, inputs, schema) {
  const args = ['--db', db];
  if (schema !== undefined) args.push('--schema', schema);
  return runTool('ingest-bench.mjs', [...args, ...inputs], {
    progress: `ingest ${schema === undefined ? db : `schema ${schema}`}`,
    timeoutMs: CHILD_TIMEOUT_MS,
  });
}

/**
 * A first ingest and an unchanged re-ingest into one fresh SQLite file, deleted afterwards.
 * `afterFirst(db)`, if given, runs once, on the first pair's store after its first ingest.
 */
function sqlitePair(inputs, afterFirst) {
  let pending = afterFirst;
  return () =>
    withTempSqlite('ingest', (db) => {
      const first = ingestOnce(db, inputs);
      if (!first.failed && pending) {
        pending(db);
        pending = undefined;
      }
      const unchanged = first.failed ? null : ingestOnce(db, inputs);
      return { first, unchanged };
    });
}

/**
 * The stores' floors over the rows of a first ingest (`store-floor.mjs`): those rows replayed
 * into an empty SQLite file, and the PostgreSQL server's work for its chunk rows alone.
 */
function storeFloorsOf(db) {
  const floors = {};
  floors.size = runTool('store-size.mjs', ['--db', db, join(CORPORA, 'ecfr')], {
    progress: 'SQLite store size',
  });
  floors.sqlite = runTool('store-floor.mjs', ['sqlite', db, `${db}.floor`], {
    progress: 'SQLite floor: the rows replayed alone',
  });
  rmSync(`${db}.floor`, { force: true });
  rmSync(`${db}.floor-wal`, { force: true });
  floors.postgres = runTool('store-floor.mjs', ['postgres', db, PG_URL], {
    progress: "PostgreSQL floor: the chunk rows' server work alone",
  });
  return floors;
}

/** The same into a fresh PostgreSQL schema, dropped afterwards. */
/** The first PostgreSQL ingest's store size (`store-size.mjs`), measured once. */
let pgSize;

function postgresPair(inputs) {
  return () =>
    withFreshSchema((schema) => {
      const first = ingestOnce(PG_URL, inputs, schema);
      if (!first.failed && pgSize === undefined) {
        pgSize = runTool('store-size.mjs', ['--db', PG_URL, '--schema', schema, ...inputs], {
          progress: 'PostgreSQL store size',
        });
      }
      const unchanged = first.failed ? null : ingestOnce(PG_URL, inputs, schema);
      return { first, unchanged };
    });
}

/**
 * A warm-up pair (unless told not to), then up to `runs` counted pairs, each from a fresh database,
 * while the series stays within its wall-time budget (at least one counted run).
 */
async function series(name, pair, { runs, budgetMs, warmUp, coldReason }) {
  const notes = [];
  const started = performance.now();
  if (warmUp) {
    const warm = await pair();
    const failed = warm.first.failed ?? warm.unchanged?.failed;
    if (failed) return { name, failed, notes };
  } else {
    notes.push(
      `${name}: no warm-up run, ${coldReason ?? `since a full SQLite ingest took over ${SLOW_MS / 1000} s (the files are in the page cache from the SQLite runs)`}`,
    );
  }
  const firsts = [];
  const unchangeds = [];
  let slowest = 0;
  for (let i = 0; i < runs; i++) {
    const elapsed = performance.now() - started;
    if (i > 0 && elapsed + slowest > budgetMs) {
      notes.push(
        `${name}: ${i} counted run${i === 1 ? '' : 's'} instead of ${runs}: one run (first + unchanged ingest) takes ${(slowest / 1000).toFixed(0)} s, the series' budget is ${budgetMs / 1000} s`,
      );
      break;
    }
    const t0 = performance.now();
    const { first, unchanged } = await pair();
    slowest = Math.max(slowest, performance.now() - t0);
    const failed = first.failed ?? unchanged?.failed;
    if (failed) return { name, failed, notes };
    firsts.push(first);
    unchangeds.push(unchanged);
  }
  return { name, firsts, unchangeds, notes };
}

/**
 * The workers' job alone (parse and chunk, no store) over the same files, median of up to `runs`
 * runs: on one thread, and in `cores` processes at once, each over a share of the files (dealt
 * largest first to the least loaded). The second is the most an ingest could reach on this
 * machine if writing cost nothing; it is not the first times the cores when the cores share
 * caches, memory bandwidth or a host's physical core.
 */
async function boundOf(files, runs, cores) {
  const sized = files.map((file) => ({ file, size: statSync(file).size }));
  const bytes = sized.reduce((sum, f) => sum + f.size, 0);
  const shares = Array.from({ length: cores }, () => ({ files: [], bytes: 0 }));
  for (const { file, size } of sized.sort((a, b) => b.size - a.size)) {
    const least = shares.reduce((min, s) => (s.bytes < min.bytes ? s : min));
    least.files.push(file);
    least.bytes += size;
  }
  const one = [];
  const all = [];
  const started = performance.now();
  for (let i = 0; i < runs && (i === 0 || performance.now() - started < BOUND_BUDGET_MS); i++) {
    const r = runTool('ingest-bound.mjs', files, {
      progress: 'parse + chunk alone, one thread',
      timeoutMs: CHILD_TIMEOUT_MS,
    });
    if (r.failed) return { failed: r.failed };
    one.push(r.ms);
    const t0 = performance.now();
    const together = await Promise.all(shares.map((share) => boundChild(share.files)));
    const failed = together.find((t) => t.failed);
    if (failed) return { failed: failed.failed };
    all.push(performance.now() - t0);
    process.stderr.write(
      `  parse + chunk alone, ${cores} processes: ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
  }
  const mbps = (ms) => bytes / 1e6 / (median(ms) / 1000);
  return { one: mbps(one), all: mbps(all), runs: one.length };
}

/** ingest-bound.mjs over `files` in a child process, not waited for synchronously. */
function boundChild(files) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench/tools/ingest-bound.mjs'), ...files], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: CHILD_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.on('close', (code) =>
      resolve(code === 0 ? {} : { failed: stderr.trim().split('\n').at(-1) || `exit ${code}` }),
    );
  });
}

function summarize(label, results, expect) {
  const times = results.map((r) => r.ms);
  const ms = median(times);
  const last = results.at(-1);
  const rss = results.map((r) => r.maxRssMb);
  const problems = results.flatMap((r) => expect(r));
  return {
    label,
    mb: last.bytes / 1e6,
    files: last.files,
    runs: results.length,
    ms,
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    mbps: last.bytes / 1e6 / (ms / 1000),
    chunksPerS: median(results.map((r) => r.chunks_written / (r.ms / 1000))),
    rssMb: median(rss),
    maxRssMb: Math.max(...rss),
    wallMs: median(results.map((r) => r.wallMs)),
    threads: last.threads,
    check:
      problems.length > 0
        ? `WRONG: ${[...new Set(problems)].join('; ')}`
        : `ok: ${last.created + last.unchanged}/${last.files} docs ${last.created > 0 ? 'created' : 'unchanged'}, ${last.chunks_written} chunks written, ${last.stored.chunks} chunks stored`,
  };
}

/** A first ingest must create every file and commit every chunk it wrote. */
function expectFirst(r) {
  const out = [];
  if (r.failed > 0) out.push(`${r.failed} files failed`);
  if (r.created !== r.files) out.push(`created ${r.created} of ${r.files}`);
  if (r.stored.documents !== r.files) out.push(`${r.stored.documents} documents stored`);
  if (r.stored.chunks !== r.chunks_written || r.chunks_written === 0)
    out.push(`${r.chunks_written} chunks written, ${r.stored.chunks} stored`);
  return out;
}

/** An unchanged re-ingest must skip every file unparsed and write nothing. */
function expectUnchanged(firstChunks) {
  return (r) => {
    const out = [];
    if (r.unchanged !== r.files) out.push(`unchanged ${r.unchanged} of ${r.files}`);
    if (r.bytes_parsed !== 0) out.push(`${r.bytes_parsed} bytes parsed`);
    if (r.rows_written !== 0) out.push(`${r.rows_written} rows written`);
    if (r.stored.chunks !== firstChunks) out.push(`${r.stored.chunks} chunks stored`);
    return out;
  };
}

function rowsOf(result, label) {
  if (result.failed) return [{ label: `${label}: first ingest`, failed: result.failed }];
  const chunks = result.firsts.at(-1).chunks_written;
  return [
    summarize(`${label}: first ingest`, result.firsts, expectFirst),
    summarize(`${label}: unchanged re-ingest`, result.unchangeds, expectUnchanged(chunks)),
  ];
}

function printRows(title, rows) {
  console.log(`\n## ${title}\n`);
  console.log(
    '| measurement | MB | files | runs | median s | min..max s | MB/s | chunks/s | peak RSS MB median (max) | process wall s | check |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    if (r.failed) {
      console.log(`| ${r.label} | | | | ${r.failed} | | | | | | |`);
      continue;
    }
    const s = (ms) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
    console.log(
      `| ${r.label} | ${r.mb.toFixed(1)} | ${r.files} | ${r.runs} | ${s(r.ms)} | ${s(r.minMs)}..${s(r.maxMs)} | ${r.mbps.toFixed(2)} | ${r.chunksPerS.toFixed(0)} | ${r.rssMb.toFixed(0)} (${r.maxRssMb.toFixed(0)}) | ${s(r.wallMs)} | ${r.check} |`,
    );
  }
}

/** The sorted-path prefix of the eCFR files that first reaches `bytes`. */
function subsetOf(files, bytes) {
  const out = [];
  let total = 0;
  for (const path of files) {
    if (total >= bytes) break;
    out.push(path);
    total += statSync(path).size;
  }
  return { files: out, bytes: total };
}

/**
 * fn(paths) over two copies of the files in a fresh folder (`a/`, `b/`): a corpus twice the size
 * made of the same documents under other paths, so every file is parsed and stored again.
 */
async function withDoubledCorpus(dir, files, fn) {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-doubled-'));
  try {
    for (const copy of ['a', 'b']) {
      for (const file of files) {
        const to = join(root, copy, relative(dir, file));
        mkdirSync(dirname(to), { recursive: true });
        writeFileSync(to, readFileSync(file));
      }
    }
    return await fn([join(root, 'a'), join(root, 'b')]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function ecfrBytes(files) {
  return files.reduce((sum, file) => sum + statSync(file).size, 0);
}

/**
 * The floors beside the bound: each store's own work alone, then with the parse and chunk of one
 * thread added and the two spread over this machine's two cores without loss. Both are more than any ingest can reach, since
 * an ingest does all of it and more (IDs, encoding, the hand-over between threads).
 */
function printFloors(floors, bound, mb) {
  const { sqlite, postgres } = floors;
  if (!sqlite) return console.log('\nfloors: not measured (the first SQLite ingest failed)');
  const rate = (s) => `${(mb / s).toFixed(2)} MB/s`;
  // SQLite has one writer, so its floor also bounds the whole; PostgreSQL's server may use both cores
  const withParse = (storeS, oneWriter) => {
    if (bound.failed) return '';
    const bothCores = (storeS + mb / bound.one) / 2;
    return `; with parse + chunk alone (${bound.one.toFixed(2)} MB/s on one thread) sharing the two cores perfectly: ${rate(oneWriter ? Math.max(storeS, bothCores) : bothCores)}`;
  };
  console.log(
    sqlite.failed
      ? `\nSQLite floor: failed: ${sqlite.failed}`
      : `\nSQLite floor: the first ingest's ${sqlite.rows} rows replayed alone into an empty file (prepared statements, one transaction per version, FTS5 rows beside): ${sqlite.s.toFixed(2)} s, ${rate(sqlite.s)}; its CPU alone ${sqlite.cpu_s.toFixed(1)} s, ${rate(sqlite.cpu_s)} (chunks ${sqlite.parts_s.chunks} s, FTS5 ${sqlite.parts_s.index} s, sections ${sqlite.parts_s.sections} s, commits ${sqlite.parts_s.commit} s, wall)${withParse(sqlite.cpu_s, true)}`,
  );
  console.log(
    postgres.failed
      ? `PostgreSQL floor: failed: ${postgres.failed}`
      : `PostgreSQL floor: the server's work for the ${postgres.texts} chunk rows alone: weighted tsvectors ${postgres.analysis_s.toFixed(2)} s (${rate(postgres.analysis_s)}); stored with their text under a GIN index in a table of their own ${postgres.stored_s.toFixed(2)} s (${rate(postgres.stored_s)})${withParse(postgres.stored_s, false)}`,
  );
}

/** Store bytes over input bytes after a first ingest, with the largest tables and indexes. */
function printSizes(sqlite, postgres) {
  const line = (name, size) => {
    if (size === undefined) return `${name}: not measured`;
    if (size.failed) return `${name}: failed: ${size.failed}`;
    const parts = size.largest.map(([rel, bytes]) => `${rel} ${(bytes / 1e6).toFixed(1)}`);
    return `${name}: ${(size.store_bytes / 1e6).toFixed(1)} MB for ${(size.input_bytes / 1e6).toFixed(1)} MB of input, ${size.ratio.toFixed(2)}x (MB: ${parts.join(', ')})`;
  };
  console.log(
    `\nstore size over input, eCFR:\n- ${line('SQLite', sqlite)}\n- ${line('PostgreSQL', postgres)}`,
  );
}

export async function bench({ runs = 5 } = {}) {
  const ecfrDir = join(CORPORA, 'ecfr');
  const all = listFiles('ecfr', ['.md']);
  const subset = subsetOf(all, SUBSET_BYTES);

  const cores = availableParallelism();
  const bound = await boundOf(all, runs, cores);
  let floors = {};
  const sqlite = await series(
    'SQLite',
    sqlitePair([ecfrDir], (db) => {
      floors = storeFloorsOf(db);
    }),
    {
      runs,
      budgetMs: BUDGET_MS.sqlite,
      warmUp: true,
    },
  );
  const slow = sqlite.failed || median(sqlite.firsts.map((r) => r.ms)) > SLOW_MS;
  let postgres;
  try {
    await pgQuery('SELECT 1');
    postgres = await series('PostgreSQL', postgresPair([ecfrDir]), {
      runs,
      budgetMs: BUDGET_MS.postgres,
      warmUp: !slow,
    });
  } catch (error) {
    postgres = { failed: `PostgreSQL at ${PG_URL}: ${error.message}`, notes: [] };
  }
  const small = await series('SQLite 15 MB subset', sqlitePair(subset.files), {
    runs,
    budgetMs: BUDGET_MS.subset,
    warmUp: true,
  });

  const doubled = await withDoubledCorpus(ecfrDir, all, (paths) =>
    series('SQLite eCFR twice', sqlitePair(paths), {
      runs,
      budgetMs: BUDGET_MS.doubled,
      warmUp: false,
      coldReason:
        'as each run takes about a minute (the copies were just written, so in the page cache)',
    }),
  );

  const sqliteRows = rowsOf(sqlite, 'SQLite, ecfr');
  const pgRows = rowsOf(postgres, 'PostgreSQL, ecfr');
  const smallRows = rowsOf(
    small,
    `SQLite, ecfr subset (sorted prefix, ${subset.files.length} files)`,
  );
  const doubledRows = rowsOf(doubled, 'SQLite, ecfr twice (two copies)');
  const threads = sqliteRows[0].threads ?? '?';
  printRows(
    `Ingest end to end: files on disk to committed rows, default chunker, ${threads} worker thread(s)`,
    [...sqliteRows, ...pgRows, smallRows[0], doubledRows[0]],
  );
  for (const note of [...sqlite.notes, ...postgres.notes, ...small.notes, ...doubled.notes])
    console.log(`\nnote: ${note}`);

  const ratio = (rows) => (rows[0].failed || rows[1]?.failed ? null : rows[0].ms / rows[1].ms);
  const sqliteRatio = ratio(sqliteRows);
  const pgRatio = ratio(pgRows);
  console.log(
    `\nfirst / unchanged time: SQLite ${sqliteRatio?.toFixed(1) ?? 'n/a'}x, PostgreSQL ${pgRatio?.toFixed(1) ?? 'n/a'}x`,
  );

  console.log(
    bound.failed
      ? `\nbound: parse + chunk alone failed: ${bound.failed}`
      : `\nbound: parsing and chunking alone (each file through processSource, as a worker does; no IDs, no store), medians of ${bound.runs} run(s): ${bound.one.toFixed(2)} MB/s on one thread, ${bound.all.toFixed(2)} MB/s in ${cores} processes at once (${(bound.all / bound.one).toFixed(2)}x). Every byte an ingest stores goes through that work, so here an ingest cannot pass ${bound.all.toFixed(2)} MB/s even if writing cost nothing`,
  );

  printFloors(floors, bound, ecfrBytes(all) / 1e6);
  printSizes(floors.size, pgSize);

  console.log('\nTargets (issue 5):');
  const line = (ok, text) =>
    console.log(`- ${ok === null ? 'n/a ' : ok ? 'PASS' : 'MISS'} ${text}`);
  const first = sqliteRows[0];
  line(
    first.failed ? null : first.mbps >= TARGET_MBPS,
    first.failed
      ? `first ingest into SQLite >= ${TARGET_MBPS} MB/s: ${first.failed}`
      : `first ingest into SQLite >= ${TARGET_MBPS} MB/s: ${first.mbps.toFixed(2)} MB/s (${(first.mbps / TARGET_MBPS).toFixed(2)}x the target)`,
  );
  for (const [store, r] of [
    ['SQLite', sqliteRatio],
    ['PostgreSQL', pgRatio],
  ]) {
    line(
      r === null ? null : r >= TARGET_UNCHANGED_RATIO,
      `unchanged re-ingest >= ${TARGET_UNCHANGED_RATIO}x faster than the first (${store}): ${r === null ? 'not measured' : `${r.toFixed(1)}x`}`,
    );
  }
  const measured = [...sqliteRows, ...pgRows, ...smallRows, ...doubledRows].filter(
    (r) => !r.failed,
  );
  const peak = measured.reduce((worst, r) => (r.maxRssMb > worst.maxRssMb ? r : worst), {
    maxRssMb: 0,
  });
  line(
    measured.length === 0 ? null : peak.maxRssMb < TARGET_RSS_MB,
    `peak RSS < 1 GB (${TARGET_RSS_MB} MB) in every ingest: highest ${peak.maxRssMb.toFixed(0)} MB (${peak.label ?? 'none'})`,
  );
  const full = sqliteRows[0];
  const growthLine = (part, whole, limit) => {
    const growth = whole.failed || part.failed ? null : whole.rssMb / part.rssMb;
    line(
      growth === null ? null : growth <= limit,
      `peak RSS not growing with corpus size (SQLite, median peak RSS, ${part.mb?.toFixed(1)} MB vs ${whole.mb?.toFixed(1)} MB, at most ${limit}x): ${growth === null ? 'not measured' : `${part.rssMb.toFixed(0)} MB vs ${whole.rssMb.toFixed(0)} MB, ${growth.toFixed(2)}x`}`,
    );
  };
  growthLine(smallRows[0], full, RSS_GROWTH_LIMIT);
  growthLine(full, doubledRows[0], RSS_PLATEAU_LIMIT);
}
