// Corpus validation over a generated retrieval-corpus.v1 file, streamed from disk.
//   node validate-corpus-bench.mjs generate <path> <mb>     write the corpus (once; reused while its size matches)
//   node validate-corpus-bench.mjs <tool> <path> [runs]     time one tool over it, print the harness's JSON line
// The corpus is generated in a separate process so that this process's peak RSS
// is the tool's alone; files are never read whole into memory.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createJsonlSplitter } from '../../dist/corpus/split-jsonl-lines.js';
import { validateCorpusFile } from '../../dist/corpus/validate-corpus-file.js';

const [tool, path, arg = '1'] = process.argv.slice(2);

/** Deterministic EAR-shaped documents in reading order: sections, (a)..(d), (1)..(5), a split paragraph. */
function* generatedLines() {
  const sourceRef = `ecfr-2025-12-31-sha256:${'0123456789abcdef'.repeat(4)}`;
  const words =
    'export reexport transfer license exception item controlled destination end user'.split(' ');
  let seed = 1;
  const text = (n) => {
    const out = [];
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      out.push(words[seed % words.length]);
    }
    return `${out.join(' ')}.`;
  };
  const line = (doc_id, section_id, chunk_kind, parent_id, ordinal, words) =>
    JSON.stringify({
      schema_version: 'retrieval-corpus.v1',
      doc_id,
      section_id,
      chunk_kind,
      ...(parent_id ? { parent_id } : {}),
      ordinal,
      title: `§ ${section_id.slice(4)}`,
      text: text(words),
      source: 'ecfr_snapshot',
      source_ref: sourceRef,
      url: `https://www.ecfr.gov/current/title-15/section-${section_id.slice(4).replace(/\(.*/, '')}`,
      tokens_estimate: words * 2,
      hash: '9f'.repeat(32),
    });
  let rootOrdinal = 0;
  for (let round = 1; ; round++) {
    for (let part = 730; part <= 774; part++) {
      const section = `EAR-${part}.${round}`;
      yield line(section, section, 'section', null, ++rootOrdinal, 40);
      for (const [i, letter] of ['a', 'b', 'c', 'd'].entries()) {
        const sub = `${section}(${letter})`;
        yield line(sub, sub, 'subsection', section, i + 1, 60);
        for (let n = 1; n <= 5; n++) {
          const para = `${sub}(${n})`;
          if (n === 5) {
            yield line(`${para}#p0001`, para, 'paragraph', sub, n, 80);
            yield line(`${para}#p0002`, para, 'paragraph', sub, n + 1, 40);
          } else yield line(para, para, 'paragraph', sub, n, 70);
        }
      }
    }
  }
}

function generate(target, mb) {
  const limit = mb * 1024 * 1024;
  const partial = `${target}.partial`;
  const fd = openSync(partial, 'w');
  let written = 0;
  let block = '';
  for (const text of generatedLines()) {
    block += `${text}\n`;
    if (block.length >= 1 << 23) {
      written += writeSync(fd, block);
      block = '';
      if (written >= limit) break;
    }
  }
  closeSync(fd);
  renameSync(partial, target);
}

function ensureCorpus(target, mb) {
  if (existsSync(target) && statSync(target).size >= mb * 1024 * 1024) return;
  const child = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), 'generate', target, String(mb)],
    {
      stdio: 'inherit',
    },
  );
  if (child.status !== 0) throw new Error(`corpus generation failed (exit ${child.status})`);
}

/** Every line of the file through the validator's own splitter, to `onLine`. */
async function eachLine(target, onLine) {
  const splitter = createJsonlSplitter();
  for await (const chunk of createReadStream(target, { highWaterMark: 1 << 20 })) {
    for (const line of splitter.write(chunk)) onLine(line);
  }
  for (const line of splitter.end()) onLine(line);
}

async function countLines(target) {
  let lines = 0;
  await eachLine(target, () => lines++);
  return { lines };
}

async function parseLines(target) {
  let objects = 0;
  await eachLine(target, (line) => {
    if (typeof JSON.parse(line.text) === 'object') objects++;
  });
  return { objects };
}

async function ajvLines(target) {
  const schemaUrl = new URL('../../schemas/retrieval-corpus.v1.schema.json', import.meta.url);
  const check = new Ajv2020({ allErrors: true }).compile(
    JSON.parse(readFileSync(schemaUrl, 'utf8')),
  );
  let invalid = 0;
  await eachLine(target, (line) => {
    if (!check(JSON.parse(line.text))) invalid++;
  });
  return { invalid };
}

async function cairnValidate(target) {
  const result = await validateCorpusFile(target);
  return { documents: result.stats.documents, issues: result.stats.issues };
}

if (tool === 'generate') {
  generate(path, Number(arg));
} else {
  const tools = {
    'split-lines': countLines,
    'json-parse': parseLines,
    'ajv-schema': ajvLines,
    'cairn-validate': cairnValidate,
  };
  const run = tools[tool];
  if (!run)
    throw new Error(`unknown tool ${tool}; known: generate, ${Object.keys(tools).join(', ')}`);
  const mb = Number(process.env.BENCH_CORPUS_MB ?? 1024);
  ensureCorpus(path, mb);
  const bytes = statSync(path).size;
  const times = [];
  let result = null;
  for (let i = 0; i < Number(arg); i++) {
    globalThis.gc?.();
    const t0 = performance.now();
    result = await run(path);
    times.push(performance.now() - t0);
  }
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ bytes, times, maxRssMb, result })}\n`);
}
