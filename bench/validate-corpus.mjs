// Corpus validation: `cairn validate corpus` streaming a generated
// retrieval-corpus.v1 file (1 GB by default, BENCH_CORPUS_MB to change), next to
// the floors of splitting its lines and JSON.parse of each, and Ajv with the
// published schema. Peak RSS shows the memory stays bounded whatever the size.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, printTable } from './harness.mjs';

export function bench({ runs = 5 } = {}) {
  const mb = Number(process.env.BENCH_CORPUS_MB ?? 1024);
  const path = join(tmpdir(), `cairn-bench-corpus-${mb}mb.jsonl`);
  // each run streams the whole file: three counted runs keep the suite in minutes
  const counted = String(Math.min(runs, 3));
  const rows = [
    ['split lines (floor)', 'split-lines'],
    ['JSON.parse each line (floor)', 'json-parse'],
    ['Ajv 2020 with the schema', 'ajv-schema'],
    ['cairn validate corpus', 'cairn-validate'],
  ].map(([label, tool]) =>
    measure(label, 'validate-corpus-bench.mjs', [tool, path, counted], { timeoutMs: 1_800_000 }),
  );
  printTable(
    `Validate corpus: a generated ${mb} MB retrieval-corpus.v1 file`,
    rows,
    'JSON.parse each line (floor)',
  );
}
