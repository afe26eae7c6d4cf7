// kill -9 at moments spread over a clean run's writes, on SQLite and on
// PostgreSQL, in three phases: a first `cairn ingest` into an empty store;
// an update re-ingest after half the files changed; `cairn embed` (the
// built-in hash embedder) over an ingested store. After each kill: the
// store's own checks pass, every document present holds whole versions
// (its chunk set's rows all there, hashing to the set's digest) whose
// current one is a clean run's, and every vector set marked embedded has a
// vector for each of its chunks. Then a re-run must converge to the clean
// run's store digest. Loopback only (PostgreSQL at CAIRN_PG_URL); every
// store is removed at the end.
//
// Usage (after npm run build):
//   node scripts/kill-ingest-campaign.mjs [--points 8] [--files 24] [--backend sqlite|postgres|both]
//     [--phase ingest|update|embed|all]
// Prints one JSON line per kill and a summary line; exits 1 when any kill
// left a partial version or vector set, or a re-run did not converge.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../dist/index.js';
import { chunkSetDigest } from '../dist/store/chunk-set-digest.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/cli/main.js');
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const POINTS = Number(flag('points', '8'));
const FILES = Number(flag('files', '24'));
const BACKENDS = flag('backend', 'both') === 'both' ? ['sqlite', 'postgres'] : [flag('backend')];
const PHASES = flag('phase', 'all') === 'all' ? ['ingest', 'update', 'embed'] : [flag('phase')];
const PG_URL = process.env.CAIRN_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const corpus = resolve(root, '../shared/corpora/rustbook');

const dir = mkdtempSync(join(tmpdir(), 'cairn-kill-campaign-'));
const docs = join(dir, 'docs');
mkdirSync(docs);
for (const name of readdirSync(corpus)
  .filter((n) => n.endsWith('.md'))
  .sort()
  .slice(0, FILES))
  copyFileSync(join(corpus, name), join(docs, name));
// the update phase's edit: every other file gains a paragraph
const edited = join(dir, 'edited');
mkdirSync(edited);
for (const [i, name] of readdirSync(docs).sort().entries()) {
  copyFileSync(join(docs, name), join(edited, name));
  if (i % 2 === 0)
    appendFileSync(
      join(edited, name),
      `\n\nAn added paragraph, number ${i}, for the update run.\n`,
    );
}

/** The CLI command each phase runs (and kills): argv after `cairn`. */
const COMMAND = {
  ingest: (target) => ['ingest', docs, '--db', target.db, '--no-progress', '--json'],
  update: (target) => [
    'ingest',
    edited,
    '--db',
    target.db,
    '--no-progress',
    '--json',
    '--root',
    edited,
  ],
  embed: (target) => ['embed', '--embedder', 'hash', '--db', target.db, '--json'],
};

function runCairn(argv, target, killAfterMs) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [cli, ...argv], {
      cwd: dir,
      env: { ...process.env, ...target.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer =
      killAfterMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      done({ code, signal, ms: Date.now() - started, stderr });
    });
  });
}

/** The store a phase's command starts from: empty, or a clean first ingest. */
async function prepare(phase, target) {
  if (phase === 'ingest') return;
  // the update ingests another folder with the same file names: the documents are the same
  const run = await runCairn(
    phase === 'update'
      ? ['ingest', docs, '--db', target.db, '--no-progress', '--json', '--root', docs]
      : COMMAND.ingest(target),
    target,
  );
  if (run.code !== 0) throw new Error(`preparing the ${phase} phase failed: ${run.stderr}`);
}

/**
 * Per document: its current version's content hash and chunk-set digest;
 * per embedded set: its vectors' digest; and every fault found. An update
 * leaves a document two versions, any other phase one.
 */
async function inspect(target, phase) {
  const store = await openStore({ db: target.db, ...target.open });
  const faults = [];
  const documents = new Map();
  const vectors = new Map();
  const rowIds = new Map();
  try {
    faults.push(...(await store.check()));
    for (const document of await store.listDocuments()) {
      const versions = await store.listVersions(document.id);
      const current = versions.find((v) => v.id === document.current_version_id);
      if (!current) {
        faults.push(`${document.source_url}: no current version`);
        continue;
      }
      if (versions.length > (phase === 'update' ? 2 : 1))
        faults.push(`${document.source_url}: ${versions.length} versions`);
      const sets = await store.listChunkSets({ version_id: current.id });
      if (sets.length !== 1) faults.push(`${document.source_url}: ${sets.length} chunk sets`);
      for (const set of sets) {
        const chunks = await store.listChunks(current.id, set.chunker_id);
        if (chunks.length !== set.chunk_count)
          faults.push(`${document.source_url}: ${chunks.length} of ${set.chunk_count} chunks`);
        const digest = chunkSetDigest(chunks);
        if (digest !== set.digest)
          faults.push(`${document.source_url}: digest differs from its set's`);
        documents.set(document.source_url, `${current.content_hash}:${digest}`);
        rowIds.set(
          `${set.chunker_id}\t${document.doc_uid}`,
          chunks.map((c) => c.id),
        );
      }
    }
    for (const chunker of await store.listChunkerIds())
      for (const state of await store.getVectorIndexStates(chunker))
        for (const set of state.sets) {
          const ids = rowIds.get(`${chunker}\t${set.doc_uid}`) ?? [];
          const stored = await store.getChunkVectors(state.embed_model, ids);
          if (stored.size !== set.chunk_count || ids.length !== set.chunk_count)
            faults.push(`${set.doc_uid}: ${stored.size} of ${set.chunk_count} vectors`);
          vectors.set(`${state.embed_model}\t${set.doc_uid}`, set.digest);
        }
  } finally {
    await store.close();
  }
  return { faults, documents, vectors };
}

function storeDigest({ documents, vectors }) {
  const hash = createHash('sha256');
  for (const [source, value] of [...documents].sort()) hash.update(`${source}\t${value}\n`);
  for (const [set, digest] of [...vectors].sort()) hash.update(`vectors ${set}\t${digest}\n`);
  return hash.digest('hex');
}

async function pgAdmin(sql) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function targetFor(backend, name) {
  if (backend === 'sqlite') return { db: join(dir, `${name}.db`), env: {}, open: {} };
  const schema = `cairn_kill_${process.pid}_${name}`;
  return { db: PG_URL, env: { CAIRN_PG_SCHEMA: schema }, open: { schema }, schema };
}

async function dropTarget(target) {
  if (target.schema) await pgAdmin(`DROP SCHEMA IF EXISTS ${target.schema} CASCADE`);
  else rmSync(target.db, { force: true });
}

const summary = {};
let failed = false;
try {
  for (const backend of BACKENDS)
    for (const phase of PHASES) {
      const clean = targetFor(backend, `${phase}_clean`);
      await prepare(phase, clean);
      const before = await inspect(clean, phase);
      const cleanRun = await runCairn(COMMAND[phase](clean), clean);
      if (cleanRun.code !== 0)
        throw new Error(`clean ${backend} ${phase} run failed: ${cleanRun.stderr}`);
      const cleanState = await inspect(clean, phase);
      const cleanDigest = storeDigest(cleanState);
      await dropTarget(clean);
      const figures = {
        kills: 0,
        finished_before_kill: 0,
        partial: 0,
        not_converged: 0,
        clean_ms: cleanRun.ms,
      };
      for (let point = 1; point <= POINTS; point++) {
        const target = targetFor(backend, `${phase}_p${point}`);
        await prepare(phase, target);
        // the first ~30% of a run is the process starting and parsing, before any write
        const killAfterMs = Math.round(cleanRun.ms * (0.3 + (0.7 * point) / (POINTS + 1)));
        const killed = await runCairn(COMMAND[phase](target), target, killAfterMs);
        const line = { backend, phase, point, kill_after_ms: killAfterMs, signal: killed.signal };
        if (killed.signal === 'SIGKILL') figures.kills++;
        else figures.finished_before_kill++;
        const after = await inspect(target, phase);
        // each document is as the clean run left it, or (an update, an embed) as it was before
        const wrong = [...after.documents].filter(
          ([source, value]) =>
            cleanState.documents.get(source) !== value && before.documents.get(source) !== value,
        );
        const wrongSets = [...after.vectors].filter(
          ([set, digest]) => cleanState.vectors.get(set) !== digest,
        );
        line.documents_present = after.documents.size;
        line.vector_sets_present = after.vectors.size;
        line.faults = [
          ...after.faults,
          ...wrong.map(
            ([source]) => `${source}: neither the clean run's version nor the one before`,
          ),
          ...wrongSets.map(([set]) => `${set}: vectors differ from the clean run's`),
        ];
        if (line.faults.length > 0) figures.partial++;
        const rerun = await runCairn(COMMAND[phase](target), target);
        line.rerun_code = rerun.code;
        line.converged =
          rerun.code === 0 && storeDigest(await inspect(target, phase)) === cleanDigest;
        if (!line.converged) figures.not_converged++;
        await dropTarget(target);
        process.stdout.write(`${JSON.stringify(line)}\n`);
      }
      summary[`${backend} ${phase}`] = figures;
      if (figures.partial > 0 || figures.not_converged > 0) failed = true;
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify({ files: FILES, points: POINTS, summary })}\n`);
process.exitCode = failed ? 1 : 0;
