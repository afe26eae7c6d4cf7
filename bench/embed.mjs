// npm run bench -- embed: what cairn embed sends, and how fast the built-in hash embedder runs.
//  1. Incremental: each rustbook-history chapter replayed revision by revision through
//     ensure (default chunker) + embedChunkSets, counting the texts sent to the embedder per
//     revision against the revision's chunks, beside what LangChain's indexing API would
//     re-embed. Its record manager keys a document by a hash of its content and metadata;
//     the metadata modelled here is what a splitter with add_start_index carries (source,
//     heading path, start index), and incremental cleanup forgets documents the new revision
//     dropped.
//  2. Throughput: the whole Rust book embedded with `hash` (512 dimensions), chunks/s.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createHashEmbedder,
  defaultChunkerRegistry,
  embedChunkSets,
  ensure,
  ingestSources,
  openStore,
  parseFile,
} from '../dist/index.js';

const CORPORA = new URL('../../shared/corpora/', import.meta.url).pathname;

function counting(inner) {
  const counter = { sent: 0 };
  return {
    counter,
    embedder: {
      id: inner.id,
      dimensions: inner.dimensions,
      embed: (texts, options) => {
        counter.sent += texts.length;
        return inner.embed(texts, options);
      },
    },
  };
}

const sha = (text) => createHash('sha256').update(text).digest('hex');

async function incremental() {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-embed-'));
  const store = await openStore({ db: join(dir, 'history.db') });
  const chunker = defaultChunkerRegistry().get('default');
  const { counter, embedder } = counting(createHashEmbedder());
  const root = join(CORPORA, 'rustbook-history');
  const totals = { revisions: 0, edits: 0, chunks: 0, sent: 0, langchain: 0, rerun: 0 };
  const rows = [];
  for (const chapter of readdirSync(root).sort()) {
    const revisions = readdirSync(join(root, chapter))
      .filter((f) => f.endsWith('.md'))
      .sort();
    let previous = new Set();
    let chapterChunks = 0;
    let chapterSent = 0;
    let chapterLangchain = 0;
    for (const [i, file] of revisions.entries()) {
      const doc = await parseFile(join(root, chapter, file), { source_url: `${chapter}.md` });
      await ensure(store, doc, chunker);
      const before = counter.sent;
      await embedChunkSets(store, embedder, { chunker_id: chunker.chunker_id });
      const sent = counter.sent - before;
      const chunks = chunker.chunk(doc);
      const keys = new Set(
        chunks.map((c) =>
          sha(
            `${c.text}\n${JSON.stringify({ source: `${chapter}.md`, heading_path: c.heading_path, start_index: c.span.start })}`,
          ),
        ),
      );
      const langchain = [...keys].filter((k) => !previous.has(k)).length;
      previous = keys;
      if (i > 0) {
        // the first revision is a first embedding for both; edits are what differ
        totals.edits++;
        totals.chunks += chunks.length;
        totals.sent += sent;
        totals.langchain += langchain;
        chapterChunks += chunks.length;
        chapterSent += sent;
        chapterLangchain += langchain;
      }
      totals.revisions++;
    }
    rows.push({
      chapter,
      revisions: revisions.length,
      chunks: chapterChunks,
      sent: chapterSent,
      langchain: chapterLangchain,
    });
  }
  const before = counter.sent;
  await embedChunkSets(store, embedder);
  totals.rerun = counter.sent - before;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    "\n## incremental re-embedding over rustbook-history (after each chapter's first revision)\n",
  );
  console.log(
    '| chapter | revisions | chunks in edited revisions | texts cairn sent | LangChain index() would embed |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.chapter} | ${r.revisions} | ${r.chunks} | ${r.sent} | ${r.langchain} |`);
  console.log(
    `| **all** | ${totals.revisions} | ${totals.chunks} | ${totals.sent} | ${totals.langchain} |`,
  );
  console.log(`\n${totals.edits} edits; a re-run of embed afterwards sent ${totals.rerun} texts.`);
}

async function throughput(runs) {
  const rates = [];
  for (let run = 0; run < runs; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-embed-'));
    const store = await openStore({ db: join(dir, 'book.db') });
    await ingestSources(store, [join(CORPORA, 'rustbook')], { workers: 0 });
    const report = await embedChunkSets(store, createHashEmbedder());
    rates.push(report.chunks_per_s);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    if (run === 0)
      console.log(
        `\n## hash embedder throughput (Rust book, ${report.chunks_done} chunks, 512 dimensions, SQLite)\n`,
      );
  }
  rates.sort((a, b) => a - b);
  console.log(
    `chunks/s per run: ${rates.join(', ')}; median ${rates[Math.floor(rates.length / 2)]}`,
  );
}

export async function bench({ runs }) {
  await incremental();
  await throughput(Math.min(runs, 3));
}
