// npm run bench -- embed-replay: replays ../shared/corpora/rustbook-history (12 chapters, every
// committed revision, oldest first) through ingest + embed, revision by revision, and counts the
// texts sent to the embedder per revision against the chunks of the new versions; in the same run,
// LangChain's own indexing API (@langchain/core's index(), incremental cleanup, an in-memory record
// manager and a vector store that counts what it embeds) indexes the very same chunk texts, with two
// metadata choices: the source alone (LangChain's record key hashes page content and metadata, so this
// is its best case) and the chunk metadata a cairn-made LangChain document carries (rev, chunk ID,
// offsets). Embedder: hash (the count, not the model, is measured). A second pass over the last
// revisions sends nothing to either.

import { join } from 'node:path';
import { Embeddings } from '@langchain/core/embeddings';
import { index, RecordManager } from '@langchain/core/indexing';
import { VectorStore } from '@langchain/core/vectorstores';
import { embeddedText } from '../dist/embed/embedded-text.js';
import { loadEditHistories } from '../dist/eval/index.js';
import {
  createHashEmbedder,
  defaultChunkerRegistry,
  embedChunkSets,
  ensure,
  openStore,
  parseFile,
} from '../dist/index.js';
import { CORPORA } from './harness.mjs';
import { withTempSqlite } from './support/store-fixture.mjs';

/** The hash embedder, counting the texts it is given. */
function countingEmbedder() {
  const inner = createHashEmbedder();
  const counter = {
    id: inner.id,
    dimensions: inner.dimensions,
    texts: 0,
    embed(texts, options) {
      counter.texts += texts.length;
      return inner.embed(texts, options);
    },
  };
  return counter;
}

class CountingEmbeddings extends Embeddings {
  constructor() {
    super({});
    this.inner = createHashEmbedder();
    this.texts = 0;
  }
  async embedDocuments(texts) {
    this.texts += texts.length;
    return (await this.inner.embed(texts)).map((v) => Array.from(v));
  }
  async embedQuery(text) {
    return (await this.embedDocuments([text]))[0];
  }
}

/** A vector store that keeps vectors by id and embeds what it is given: enough for index(). */
class CountingVectorStore extends VectorStore {
  constructor(embeddings) {
    super(embeddings, {});
    this.rows = new Map();
  }
  _vectorstoreType() {
    return 'counting';
  }
  async addDocuments(documents, options) {
    const vectors = await this.embeddings.embedDocuments(documents.map((d) => d.pageContent));
    return this.addVectors(vectors, documents, options);
  }
  async addVectors(vectors, _documents, options) {
    for (const [i, id] of options.ids.entries()) this.rows.set(id, vectors[i]);
    return options.ids;
  }
  async delete({ ids }) {
    for (const id of ids) this.rows.delete(id);
  }
  async similaritySearchVectorWithScore() {
    return [];
  }
}

/** RecordManagerInterface in memory, on a logical clock (LangChain's SQL managers keep the same rows). */
class MemoryRecordManager extends RecordManager {
  lc_namespace = ['cairn', 'bench'];
  records = new Map();
  clock = 0;
  async createSchema() {}
  async getTime() {
    return ++this.clock;
  }
  async update(keys, { groupIds = [], timeAtLeast } = {}) {
    const now = ++this.clock;
    if (timeAtLeast !== undefined && now < timeAtLeast) throw new Error('clock went back');
    for (const [i, key] of keys.entries()) {
      this.records.set(key, { updated_at: now, group: groupIds[i] ?? null });
    }
  }
  async exists(keys) {
    return keys.map((key) => this.records.has(key));
  }
  async listKeys({ before, after, groupIds, limit } = {}) {
    const out = [];
    for (const [key, r] of this.records) {
      if (before !== undefined && r.updated_at >= before) continue;
      if (after !== undefined && r.updated_at <= after) continue;
      if (groupIds !== undefined && !groupIds.includes(r.group)) continue;
      out.push(key);
    }
    return limit === undefined ? out : out.slice(0, limit);
  }
  async deleteKeys(keys) {
    for (const key of keys) this.records.delete(key);
  }
}

function langchainIndexer(metadataOf) {
  const embeddings = new CountingEmbeddings();
  return {
    embeddings,
    vectorStore: new CountingVectorStore(embeddings),
    recordManager: new MemoryRecordManager(),
    metadataOf,
  };
}

async function indexWithLangChain(lc, doc, chunks) {
  const before = lc.embeddings.texts;
  await index({
    docsSource: chunks.map((chunk) => ({
      pageContent: embeddedText(chunk, 'heading_path'),
      metadata: lc.metadataOf(doc, chunk),
    })),
    recordManager: lc.recordManager,
    vectorStore: lc.vectorStore,
    options: { cleanup: 'incremental', sourceIdKey: 'source' },
  });
  return lc.embeddings.texts - before;
}

export async function bench() {
  const histories = await loadEditHistories(join(CORPORA, 'rustbook-history'));
  const chunker = defaultChunkerRegistry().get('default');
  const revisions = Math.max(...histories.map((h) => h.revisions.length));
  const bySource = langchainIndexer((doc) => ({ source: doc.doc_uid }));
  const byChunk = langchainIndexer((doc, chunk) => ({
    source: doc.doc_uid,
    chunk_id: chunk.chunk_id,
    rev: doc.rev,
    offsets: { start: chunk.char_start, end: chunk.char_end },
  }));
  const rows = [];
  await withTempSqlite('embed-replay', async (db) => {
    const store = await openStore({ db });
    try {
      const embedder = countingEmbedder();
      const replay = async (r) => {
        const row = { revision: r, documents: 0, chunks: 0, cairn: 0, by_source: 0, by_chunk: 0 };
        for (const history of histories) {
          const name = history.revisions[r];
          if (name === undefined) continue;
          const doc = await parseFile(join(history.dir, name), { doc_uid: history.name });
          const written = await ensure(store, doc, chunker);
          const stored = await store.getDocument(history.name);
          const chunks = await store.listChunks(stored.current_version_id, chunker.chunker_id);
          if (written.status !== 'unchanged') {
            row.documents++;
            row.chunks += chunks.length;
          }
          row.by_source += await indexWithLangChain(bySource, doc, chunks);
          row.by_chunk += await indexWithLangChain(byChunk, doc, chunks);
        }
        const sent = embedder.texts;
        await embedChunkSets(store, embedder);
        row.cairn = embedder.texts - sent;
        return row;
      };
      for (let r = 0; r < revisions; r++) rows.push(await replay(r));
      // the last revisions again: nothing changed, nothing may be sent
      const again = {
        revision: 'again',
        documents: 0,
        chunks: 0,
        cairn: 0,
        by_source: 0,
        by_chunk: 0,
      };
      for (const history of histories) {
        const doc = await parseFile(join(history.dir, history.revisions.at(-1)), {
          doc_uid: history.name,
        });
        const written = await ensure(store, doc, chunker);
        if (written.status !== 'unchanged') again.documents++;
        const stored = await store.getDocument(history.name);
        const chunks = await store.listChunks(stored.current_version_id, chunker.chunker_id);
        again.by_source += await indexWithLangChain(bySource, doc, chunks);
        again.by_chunk += await indexWithLangChain(byChunk, doc, chunks);
      }
      const sent = embedder.texts;
      await embedChunkSets(store, embedder);
      again.cairn = embedder.texts - sent;
      rows.push(again);
    } finally {
      await store.close();
    }
  });
  const sum = (key) => rows.reduce((n, r) => n + (r.revision === 'again' ? 0 : r[key]), 0);
  console.log(
    `\n## Texts embedded per revision, ${histories.length} rustbook-history chapters replayed through ingest + embed (hash embedder)\n`,
  );
  console.log(
    '| revision | chapters changed | chunks of new versions | cairn embedded | LangChain index(), metadata {source} | LangChain index(), cairn chunk metadata |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.revision} | ${r.documents} | ${r.chunks} | ${r.cairn} | ${r.by_source} | ${r.by_chunk} |`,
    );
  }
  console.log(
    `| **total** | ${sum('documents')} | ${sum('chunks')} | ${sum('cairn')} | ${sum('by_source')} | ${sum('by_chunk')} |`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
