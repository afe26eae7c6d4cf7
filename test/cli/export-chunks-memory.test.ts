import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensure } from '../../src/pipeline/ensure.js';
import { openStore } from '../../src/store/open-store.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { blockChunker, textDocument } from '../store/test-documents.js';

/** Chunks and their size: 64 MB of chunk text, far more than the child's heap may hold. */
const CHUNKS = 16_000;
const CHUNK_CHARS = 4_000;
/** The child's V8 heap limit: the whole export's text could never fit in it. */
const HEAP_MB = 48;

let bundle: Bundle;
let dir: string;

beforeAll(async () => {
  bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
  dir = mkdtempSync(join(tmpdir(), 'cairn-export-mem-'));
  const store = await openStore({ db: join(dir, 'cairn.db') });
  try {
    // distinct paragraphs, one chunk each: the text is mostly unique, as a real corpus's is
    const paragraphs = Array.from({ length: CHUNKS }, (_, i) => {
      const words = `paragraph ${i} of the export test, with words that vary by ${i % 97} and ${i % 89}. `;
      return words
        .repeat(Math.ceil(CHUNK_CHARS / words.length))
        .slice(0, CHUNK_CHARS)
        .trim();
    });
    const doc = textDocument(paragraphs, { doc_uid: 'big' });
    expect((await ensure(store, doc, blockChunker())).chunk_count).toBe(CHUNKS);
  } finally {
    await store.close();
  }
  // reports the child's peak resident memory on exit
  writeFileSync(
    join(dir, 'peak.mjs'),
    "process.on('exit', () => process.stderr.write('peak_rss_kb ' + process.resourceUsage().maxRSS + '\\n'));\n",
  );
}, 300_000);

afterAll(() => {
  bundle?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('export chunks streams: 64 MB of chunk text through a 48 MB heap, one line per chunk', () => {
  const out = join(dir, 'chunks.jsonl');
  const child = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_MB}`,
      '--import',
      join(dir, 'peak.mjs'),
      bundle.file('cli'),
      'export',
      'chunks',
      '--db',
      join(dir, 'cairn.db'),
      '--format',
      'langchain',
      '--out',
      out,
    ],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, CAIRN_DB: '' } },
  );
  expect(child.stderr).toMatch(/peak_rss_kb \d+/);
  expect(child.status, child.stderr).toBe(0);
  const bytes = statSync(out).size;
  expect(bytes).toBeGreaterThan(CHUNKS * CHUNK_CHARS);
  const text = readFileSync(out, 'utf8');
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  expect(lines).toBe(CHUNKS);
  const peakMb = Number(/peak_rss_kb (\d+)/.exec(child.stderr)![1]) / 1024;
  console.log(
    `export chunks: ${CHUNKS} chunks, ${(bytes / 1e6).toFixed(1)} MB written, peak RSS ${peakMb.toFixed(0)} MB with a ${HEAP_MB} MB heap`,
  );
  // the heap limit is the bound (an export that held its chunks would die of it); resident
  // memory adds node, SQLite's page cache, stream buffers and the inflated canonical-text blocks
  // each page's texts are sliced from (bench/HISTORY.md has the measured figures)
  expect(peakMb).toBeLessThan(320);
});
