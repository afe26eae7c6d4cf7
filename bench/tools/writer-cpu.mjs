// One ingest through a given build's `ingestSources`, for A/B runs of two builds on a busy machine:
// prints wall seconds, the CPU seconds of the writer (the main thread, from /proc), the process's
// CPU seconds (workers included) and peak RSS. Alternate the two builds, several pairs, medians.
//
//   node bench/tools/writer-cpu.mjs <dist> --db <file|postgres://...> [--schema <name>] <path...>
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { db: { type: 'string' }, schema: { type: 'string' } },
  allowPositionals: true,
});
const [distDir, ...inputs] = positionals;
const { db, schema } = values;
if (!distDir || !db || inputs.length === 0) {
  console.error('usage: writer-cpu.mjs <dist> --db <file|url> [--schema <name>] <path...>');
  process.exit(2);
}
const dist = pathToFileURL(`${resolve(distDir)}/`).href;
const { ingestSources } = await import(`${dist}ingest/ingest-sources.js`);
const { openStore } = await import(`${dist}store/open-store.js`);

/** utime + stime of this process's main thread, in seconds (Linux clock ticks of 10 ms). */
function mainThreadCpu() {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const store = await openStore({ db, ...(schema === undefined ? {} : { schema }) });
const writer0 = mainThreadCpu();
const process0 = process.cpuUsage();
const t0 = performance.now();
const summary = await ingestSources(store, inputs);
const wall = (performance.now() - t0) / 1000;
const writer = mainThreadCpu() - writer0;
const used = process.cpuUsage(process0);
await store.close();
console.log(
  JSON.stringify({
    wall_s: +wall.toFixed(2),
    writer_cpu_s: +writer.toFixed(2),
    process_cpu_s: +((used.user + used.system) / 1e6).toFixed(2),
    chunks: summary.chunks_written,
    files: summary.files,
    load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
