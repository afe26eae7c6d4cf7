// Builds one store for the vector-search bench: the first <mb> MB of the eCFR Markdown (all of it
// with `all`) ingested, then embedded with the hash embedder. Prints one JSON line: chunks, ingest
// and embed seconds, embedding throughput.
// node bench/tools/vector-store.mjs --mb <n|all> (--db <file> | --pg <url> --schema <name>)
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createHashEmbedder, embedChunkSets, ingestSources, openStore } from '../../dist/index.js';
import { listFiles } from '../harness.mjs';

const { values } = parseArgs({
  options: {
    mb: { type: 'string' },
    db: { type: 'string' },
    pg: { type: 'string' },
    schema: { type: 'string' },
  },
});
export function ecfrPrefix(mb) {
  const picked = [];
  let bytes = 0;
  for (const file of listFiles('ecfr', ['.md'])) {
    if (mb !== 'all' && bytes >= Number(mb) * 1e6) break;
    picked.push(file);
    bytes += statSync(file).size;
  }
  return { files: picked, bytes };
}

const { files, bytes } = ecfrPrefix(values.mb);
const store = await openStore(
  values.db !== undefined ? { db: values.db } : { db: values.pg, schema: values.schema },
);
try {
  const t0 = performance.now();
  await ingestSources(store, files, { workers: 0 });
  const t1 = performance.now();
  const report = await embedChunkSets(store, createHashEmbedder());
  const t2 = performance.now();
  console.log(
    JSON.stringify({
      files: files.length,
      mb: bytes / 1e6,
      chunks: report.chunks_done,
      texts_embedded: report.texts_embedded,
      ingest_s: (t1 - t0) / 1000,
      embed_s: (t2 - t1) / 1000,
      embed_chunks_per_s: report.chunks_done / ((t2 - t1) / 1000),
    }),
  );
} finally {
  await store.close();
}
