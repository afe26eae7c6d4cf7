// Two builds side by side, for changes smaller than this machine's run-to-run noise (15-25%):
// fresh processes alternate A, B, A, B, ..., each timing `passes` parses (and, with --structure,
// structure chunking at 512 cl100k) of the same files in memory, and prints each median MB/s.
//
//   git worktree add /tmp/cairn-a <rev> && ln -s "$PWD/node_modules" /tmp/cairn-a/node_modules
//   (cd /tmp/cairn-a && npm run build)
//   node bench/ab.mjs /tmp/cairn-a/dist dist [--structure] [--dir ../shared/corpora/ecfr/title-14]
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const PAIRS = 3;
const PASSES = 8;

const args = process.argv.slice(2);
const WITH_VALUE = new Set(['--child', '--dir']);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const positional = args.filter((arg, i) => !arg.startsWith('--') && !WITH_VALUE.has(args[i - 1]));

if (flag('--child')) {
  const dist = pathToFileURL(`${resolve(option('--child'))}/`).href;
  const dir = option('--dir');
  const { parseDocument } = await import(`${dist}parse/parse-document.js`);
  const chunker = flag('--structure')
    ? new (await import(`${dist}chunk/structure-chunker.js`)).StructureChunker({
        tokenizer: 'cl100k_base',
        max_chunk_tokens: 512,
      })
    : null;
  const files = readdirSync(dir).map((name) => [`${dir}/${name}`, readFileSync(`${dir}/${name}`)]);
  const bytes = files.reduce((sum, [, b]) => sum + b.length, 0);
  const times = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const t0 = performance.now();
    for (const [path, b] of files) {
      const doc = await parseDocument({ bytes: b, source_url: path });
      chunker?.chunk(doc);
    }
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  console.log((bytes / 1e3 / times[PASSES >> 1]).toFixed(2));
} else {
  const [a, b] = positional;
  if (!a || !b) {
    console.error('usage: node bench/ab.mjs <dist A> <dist B> [--structure] [--dir <folder>]');
    process.exit(2);
  }
  const dir = option('--dir', '../shared/corpora/ecfr/title-14');
  const extra = flag('--structure') ? ['--structure'] : [];
  const run = (dist) => {
    const child = spawnSync(
      process.execPath,
      [process.argv[1], '--child', dist, '--dir', dir, ...extra],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return child.stdout.trim();
  };
  console.log(
    `median MB/s over ${PASSES} passes of ${dir}${extra.length ? ', with structure chunking' : ', parse only'}`,
  );
  for (let pair = 0; pair < PAIRS; pair++) console.log(`A ${run(a)}  B ${run(b)}`);
}
