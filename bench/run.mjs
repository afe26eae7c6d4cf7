// npm run bench [suite...]: runs the named suites (default: all) and prints tables.
// A suite is a file bench/<name>.mjs exporting `bench({ runs })`.
import { readdirSync } from 'node:fs';

const SKIP = new Set(['run.mjs', 'harness.mjs']);
const known = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.mjs') && !SKIP.has(name))
  .map((name) => name.slice(0, -'.mjs'.length))
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const runs = Number(process.env.BENCH_RUNS ?? 5);
for (const name of wanted) {
  if (!known.includes(name)) {
    console.error(`unknown suite ${name}; known: ${known.join(', ')}`);
    process.exit(2);
  }
}
console.log(
  `# cairn bench  (node ${process.version}, ${new Date().toISOString()}, median of ${runs} runs after a warm-up, one process per tool)`,
);
for (const name of wanted.length > 0 ? wanted : known) {
  const suite = await import(new URL(`./${name}.mjs`, import.meta.url));
  await suite.bench({ runs });
}
