// The workers' share of an ingest alone, on this one thread: read, parse and chunk every file
// with the default chunker exactly as an ingest worker does (processSource), with no store, no
// IDs and no writing. Prints one JSON line: time and bytes. An ingest cannot go faster than this
// times the number of cores, since every byte it stores went through this work on some core.
//
//   node bench/tools/ingest-bound.mjs <file...>
import { readFileSync } from 'node:fs';
import { defaultChunkerRegistry } from '../../dist/chunk/chunker-registry.js';
import { processSource } from '../../dist/ingest/process-source.js';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: ingest-bound.mjs <file...>');
  process.exit(2);
}
const chunkerId = defaultChunkerRegistry().get('default').chunker_id;
let bytes = 0;
let chunks = 0;
const t0 = performance.now();
for (const path of files) {
  const data = readFileSync(path);
  bytes += data.length;
  chunks += (await processSource({ source_url: path, bytes: data, chunker_id: chunkerId })).chunks
    .length;
}
const ms = performance.now() - t0;
process.stdout.write(`${JSON.stringify({ ms, bytes, chunks, chunker_id: chunkerId })}\n`);
