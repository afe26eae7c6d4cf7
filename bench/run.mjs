// npm run bench [suite...]: runs the named suites (default: all) and prints tables.
import { benchParse } from './parse.mjs';

const suites = { parse: benchParse };
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const runs = Number(process.env.BENCH_RUNS ?? 5);
console.log(
  `# cairn bench  (node ${process.version}, ${new Date().toISOString()}, median of ${runs} runs after a warm-up, one process per tool)`,
);
for (const name of wanted.length > 0 ? wanted : Object.keys(suites)) {
  if (!suites[name]) {
    console.error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  await suites[name]({ runs });
}
