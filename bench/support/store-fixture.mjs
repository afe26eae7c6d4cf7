// What the store suites share (parent side): a temporary SQLite file or a fresh PostgreSQL schema
// around one measurement, and a tool script run in its own process whose last stdout line is JSON.
// The SQuAD store itself is built in the child processes: ./squad-store.mjs.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPORA, ROOT } from '../harness.mjs';

export const PG_URL = process.env.CAIRN_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SQUAD = join(CORPORA, 'squad/dev-v1.1.json');

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The value at quantile q (0..1) of `values`, nearest rank. */
export function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export async function pgQuery(sql) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** fn(path of `cairn.db` in a new temporary folder); the folder is deleted afterwards. */
export async function withTempSqlite(name, fn) {
  const dir = mkdtempSync(join(tmpdir(), `cairn-bench-${name}-`));
  try {
    return await fn(join(dir, 'cairn.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** fn(name of a schema no one uses yet); the schema is dropped afterwards. */
export async function withFreshSchema(fn) {
  const schema = `cairn_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    return await fn(schema);
  } finally {
    await pgQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
}

/**
 * Runs bench/tools/<script> in a fresh Node process and returns its last stdout line parsed, plus
 * `wallMs`; or `{ failed }` with the reason. Prints `  <progress>: <s> s` (or `failed`) to stderr.
 */
export function runTool(script, args, { progress, timeoutMs = 420_000 }) {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, [join(ROOT, 'bench/tools', script), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - t0;
  process.stderr.write(
    `  ${progress}: ${child.status === 0 ? `${(wallMs / 1000).toFixed(1)} s` : 'failed'}\n`,
  );
  if (child.error || child.status !== 0) {
    const why =
      child.error?.code === 'ETIMEDOUT'
        ? `did not finish in ${timeoutMs / 1000} s`
        : (child.stderr || '').trim().split('\n').slice(-3).join(' | ') || `exit ${child.status}`;
    return { failed: why };
  }
  return { ...JSON.parse(child.stdout.trim().split('\n').at(-1)), wallMs };
}
