// CLI start-up: p50 and p95 wall time of `cairn --version`, `cairn search` and `cairn show` on a
// store of the Rust book, each a fresh `node dist/cli/main.js` process as a user's shell starts
// it. The store is ingested outside the clock. `node -e 0` is the floor: Node's own start-up.
// CLI_STARTUP_RUNS sets the launches per command (default 20, after two warm-ups).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPORA, ROOT } from './harness.mjs';
import { median, percentile } from './support/store-fixture.mjs';

const CLI = join(ROOT, 'dist/cli/main.js');

function launch(args, env) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0)
    throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr.slice(0, 500)}`);
  return { ms, stdout: child.stdout };
}

function timed(args, env, launches) {
  for (let i = 0; i < 2; i++) launch(args, env);
  const times = [];
  for (let i = 0; i < launches; i++) times.push(launch(args, env).ms);
  return { p50: median(times), p95: percentile(times, 0.95), launches };
}

export async function bench() {
  const launches = Number(process.env.CLI_STARTUP_RUNS ?? 20);
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-cli-'));
  try {
    const env = { ...process.env, CAIRN_DB: join(dir, 'cairn.db') };
    const ingest = launch(
      [CLI, 'ingest', join(CORPORA, 'rustbook'), '--json', '--no-progress'],
      env,
    );
    const id = JSON.parse(ingest.stdout).documents.find((d) => d.first_chunk_id).first_chunk_id;
    const rows = [
      ['node -e 0 (floor)', ['-e', '0']],
      ['cairn --version', [CLI, '--version']],
      ['cairn search', [CLI, 'search', 'what are the ownership rules', '--no-trace']],
      ['cairn show <chunk_id>', [CLI, 'show', id]],
    ].map(([label, args]) => ({ label, ...timed(args, env, launches) }));
    console.log('\n## CLI start-up (Rust book store, SQLite)\n');
    console.log('| command | launches | p50 ms | p95 ms |');
    console.log('|---|---:|---:|---:|');
    for (const r of rows)
      console.log(`| ${r.label} | ${r.launches} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
