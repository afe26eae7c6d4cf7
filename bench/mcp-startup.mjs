// Startup of `cairn mcp` over stdio, as a desktop client meets it: the client spawns
// `node dist/cli/main.js mcp --db <store>` and waits for its first tool answer. Over a store of the
// whole Rust book (../shared/corpora/rustbook, 112 Markdown files, ingested once into a temporary
// SQLite file with the default chunker), each run spawns a fresh server through the MCP SDK's own
// stdio client, times spawn -> initialize answered -> tools/list answered -> first `search` answered,
// and closes it; on Linux it also reads the server's CPU time at its first answer from /proc,
// which a loaded machine inflates far less than wall time. One warm-up run, then BENCH_MCP_RUNS runs (default 20, at least `runs`); the table
// gives p50, p90, min and max of each step from spawn. For scale, timed the same way from spawn to
// exit: the floor (`node -e 0`), a one-shot `cairn search --json` of the same query, and what the
// server loads before it can answer: the library entries src/mcp imports (the barrel
// dist/index.js and dist/server/index.js) and the SDK's server, stdio transport and zod.
// npm run bench mcp-startup (builds first), or node bench/mcp-startup.mjs after npm run build.
// BENCH_MCP_CORPUS=<folder> takes another corpus.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CORPORA, ROOT } from './harness.mjs';
import { median, percentile, withTempSqlite } from './support/store-fixture.mjs';

const CLI = join(ROOT, 'dist/cli/main.js');
const CORPUS = process.env.BENCH_MCP_CORPUS ?? join(CORPORA, 'rustbook');
const QUERY = 'what does the borrow checker reject';

/** One spawn of `cairn mcp`: milliseconds from spawn to each answer. */
async function startOnce(db) {
  const t0 = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--db', db],
    env: { ...process.env, CAIRN_DB: '' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'cairn-bench', version: '1.0.0' });
  await client.connect(transport);
  const initialized = performance.now() - t0;
  await client.listTools();
  const listed = performance.now() - t0;
  const result = await client.callTool({ name: 'search', arguments: { query: QUERY, k: 5 } });
  const searched = performance.now() - t0;
  const cpu = cpuMs(transport.pid);
  if (result.isError || !(result.structuredContent?.hits?.length > 0))
    throw new Error(
      `the first search found nothing: ${JSON.stringify(result.content).slice(0, 500)}`,
    );
  await client.close();
  return { initialized, listed, searched, ...(cpu === null ? {} : { cpu }) };
}

/**
 * CPU time (user + system) a process has used so far, from /proc (Linux; null elsewhere), in
 * 10 ms ticks: on a loaded machine the wall time waits for the cores, this does not.
 */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields from the state on: utime and stime are the 12th and 13th, in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function timeSpawn(args) {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CAIRN_DB: '' },
  });
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return performance.now() - t0;
}

function row(label, values) {
  const f = (ms) => ms.toFixed(0).padStart(6);
  return `| ${label.padEnd(46)} | ${f(percentile(values, 0.5))} | ${f(percentile(values, 0.9))} | ${f(Math.min(...values))} | ${f(Math.max(...values))} |`;
}

export async function bench({ runs }) {
  const count = Math.max(runs, Number(process.env.BENCH_MCP_RUNS ?? 20));
  await withTempSqlite('mcp', async (db) => {
    const ingest = spawnSync(process.execPath, [CLI, 'ingest', CORPUS, '--db', db], {
      encoding: 'utf8',
    });
    if (ingest.status !== 0) throw new Error(`ingest failed: ${ingest.stderr}`);
    await startOnce(db);
    const steps = { initialized: [], listed: [], searched: [], cpu: [] };
    for (let i = 0; i < count; i++) {
      const times = await startOnce(db);
      for (const key of Object.keys(steps))
        if (times[key] !== undefined) steps[key].push(times[key]);
    }
    const floor = [];
    const oneShot = [];
    const barrel = [];
    const sdk = [];
    const load = (specifiers) => [
      '--input-type=module',
      '-e',
      specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(' '),
    ];
    for (let i = 0; i < count; i++) {
      floor.push(timeSpawn(['-e', '0']));
      oneShot.push(
        timeSpawn([CLI, 'search', QUERY, '--db', db, '-k', '5', '--json', '--no-trace']),
      );
      barrel.push(
        timeSpawn(
          load(
            ['dist/index.js', 'dist/server/index.js'].map(
              (entry) => pathToFileURL(join(ROOT, entry)).href,
            ),
          ),
        ),
      );
      sdk.push(
        timeSpawn(
          load([
            '@modelcontextprotocol/sdk/server/mcp.js',
            '@modelcontextprotocol/sdk/server/stdio.js',
            'zod',
          ]),
        ),
      );
    }
    console.log(
      `\n## cairn mcp startup over stdio (${CORPUS.replace(`${CORPORA}/`, '')}, ${count} runs after a warm-up; ms from spawn)\n`,
    );
    console.log(
      '| step                                           |    p50 |    p90 |    min |    max |',
    );
    console.log(
      '|------------------------------------------------|-------:|-------:|-------:|-------:|',
    );
    console.log(row('initialize answered', steps.initialized));
    console.log(row('tools/list answered', steps.listed));
    console.log(row('first search answered (the figure)', steps.searched));
    if (steps.cpu.length > 0) console.log(row('server CPU (user + sys) by then', steps.cpu));
    console.log(row('floor: node -e 0 to exit', floor));
    console.log(row('one-shot cairn search --json to exit', oneShot));
    console.log(row('node importing the barrel and cairn/server, to exit', barrel));
    console.log(row('node importing the SDK server and zod, to exit', sdk));
    console.log(`\np50 spawn to first search answer: ${median(steps.searched).toFixed(0)} ms`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bench({ runs: Number(process.env.BENCH_RUNS ?? 5) });
}
