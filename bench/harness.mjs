// Shared bench machinery. Each (tool, corpus) runs in its own process so
// peak RSS belongs to that tool alone; the child reads the corpus before the
// clock starts, runs once to warm up, then `runs` counted times.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const CORPORA = resolve(ROOT, '../shared/corpora');

export function listFiles(dir, extensions) {
  const out = [];
  const walk = (path) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (extensions.some((ext) => name.toLowerCase().endsWith(ext))) out.push(full);
    }
  };
  walk(join(CORPORA, dir));
  return out;
}

export function readCorpus(dir, extensions) {
  return listFiles(dir, extensions).map((path) => ({ path, bytes: readFileSync(path) }));
}

/**
 * Child side: call with a function run(files) -> { items?: number, check?: object }.
 * Prints one JSON line the parent reads.
 */
export async function runChild(files, run, { runs = 5, budgetMs = 420_000 } = {}) {
  const bytes = files.reduce((n, f) => n + f.bytes.length, 0);
  const started = performance.now();
  let last = await run(files);
  const times = [];
  for (let i = 0; i < runs; i++) {
    if (performance.now() - started > budgetMs) break;
    globalThis.gc?.();
    const t0 = performance.now();
    last = await run(files);
    times.push(performance.now() - t0);
  }
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ bytes, times, maxRssMb, result: last ?? null })}\n`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Parent side: runs one tool script in a fresh process and summarizes. */
export function measure(label, script, args, { timeoutMs = 600_000 } = {}) {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', join(ROOT, 'bench/tools', script), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (child.error || child.status !== 0) {
    const why =
      child.error?.code === 'ETIMEDOUT'
        ? `did not finish in ${timeoutMs / 1000} s`
        : (child.stderr || '').trim().split('\n').slice(-3).join(' | ');
    return { label, failed: why || `exit ${child.status}` };
  }
  const line = child.stdout.trim().split('\n').at(-1);
  const data = JSON.parse(line);
  if (data.times.length === 0) return { label, failed: 'no counted run within the budget' };
  const mbps = (ms) => data.bytes / 1e6 / (ms / 1000);
  return {
    label,
    mb: data.bytes / 1e6,
    runs: data.times.length,
    medianMs: median(data.times),
    mbps: mbps(median(data.times)),
    minMbps: mbps(Math.max(...data.times)),
    maxMbps: mbps(Math.min(...data.times)),
    maxRssMb: data.maxRssMb,
    result: data.result,
  };
}

export function printTable(title, rows, baselineLabel) {
  const base = rows.find((r) => r.label === baselineLabel && !r.failed);
  console.log(`\n## ${title}\n`);
  console.log(
    '| tool | MB | runs | median MB/s | min..max MB/s | peak RSS MB | ratio to ' +
      (baselineLabel ?? '-') +
      ' | check |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    if (r.failed) {
      console.log(`| ${r.label} | | | ${r.failed} | | | | |`);
      continue;
    }
    const ratio = base ? (r.mbps / base.mbps).toFixed(2) : '';
    const check = r.result
      ? Object.entries(r.result)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')
      : '';
    console.log(
      `| ${r.label} | ${r.mb.toFixed(1)} | ${r.runs} | ${r.mbps.toFixed(1)} | ${r.minMbps.toFixed(1)}..${r.maxMbps.toFixed(1)} | ${r.maxRssMb.toFixed(0)} | ${ratio} | ${check} |`,
    );
  }
}
