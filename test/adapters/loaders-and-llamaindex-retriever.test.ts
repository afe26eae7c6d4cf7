import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseDocumentLoader } from '@langchain/core/document_loaders/base';
import { FakeVectorStore } from '@langchain/core/utils/testing';
import {
  BaseRetriever,
  Document as LlamaDocument,
  Settings,
  TextNode,
  VectorStoreIndex,
} from 'llamaindex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CairnLoader as LangChainLoader,
  projectLangChainCitations,
} from '../../src/adapters/langchain/index.js';
import {
  CairnRetriever,
  CairnLoader as LlamaIndexLoader,
  projectLlamaIndexCitations,
} from '../../src/adapters/llamaindex/index.js';
import { verifyCitations } from '../../src/cite/verify-citations.js';
import { isCairnError } from '../../src/errors.js';
import { exportChunks } from '../../src/search/export-chunks.js';
import { search } from '../../src/search/search.js';
import { corpusPath } from '../corpora.js';
import { TermHashEmbeddings } from './support/langchain-term-hash-embeddings.js';
import { TermHashEmbedding } from './support/llamaindex-term-hash-embedding.js';
import { CHAPTERS, openRustbookStore, type RustbookStore } from './support/rustbook-store.js';
import { TERM_HASH_MODEL } from './support/term-hash-vector.js';

let fixture: RustbookStore;

beforeAll(async () => {
  fixture = await openRustbookStore('cairn-loaders-');
});

afterAll(async () => {
  await fixture?.dispose();
});

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return isCairnError(error) ? error.code : String(error);
  }
};

describe('CairnLoader (LangChain): a store or files into Documents with citation payloads', () => {
  test('from a store: one Document per current chunk, the export payload in its metadata', async () => {
    const loader = new LangChainLoader({ store: fixture.store });
    expect(loader).toBeInstanceOf(BaseDocumentLoader);
    const docs = await loader.load();
    const exported = [];
    for await (const chunk of exportChunks(fixture.store)) exported.push(chunk);
    expect(docs.map((d) => d.id)).toEqual(exported.map((c) => c.snippet_id));
    expect(docs.map((d) => d.pageContent)).toEqual(exported.map((c) => c.text));
    const { text, ...payload } = exported[0]!;
    expect(docs[0]!.metadata).toEqual({ ...payload, chunk_id: payload.snippet_id });
  });

  test('from files: the chunk IDs an ingest stores, no index facts; a vector store over them projects and verifies', async () => {
    const docs = await new LangChainLoader({
      paths: CHAPTERS,
      cwd: corpusPath('rustbook'),
    }).load();
    const stored: string[] = [];
    for await (const chunk of exportChunks(fixture.store)) stored.push(chunk.snippet_id);
    expect(stored.length).toBeGreaterThan(50);
    expect(docs.map((d) => d.id).sort()).toEqual([...stored].sort());
    expect(docs[0]!.metadata).not.toHaveProperty('index_hash');
    const vectors = await FakeVectorStore.fromDocuments(docs, new TermHashEmbeddings());
    const results = await vectors.similaritySearchWithScore('a mutex guards shared data', 4);
    const projected = projectLangChainCitations(results, {
      index_hash: 'memory:loader',
      embed_model: TERM_HASH_MODEL,
      analyzer: 'term-hash',
    });
    if (!projected.ok) throw new Error(JSON.stringify(projected.issues));
    const verified = await verifyCitations(fixture.store, projected.citations, {
      allow_cross_section_reuse: true,
    });
    expect(verified.citations.map((c) => c.status)).toEqual(results.map(() => 'verified'));
  });

  test('a file that cannot be read fails the load with its own code; a bad source is invalid_option', async () => {
    const dir = join(fixture.dir, 'files');
    mkdirSync(dir, { recursive: true });
    copyFileSync(corpusPath('rustbook', CHAPTERS[1]!), join(dir, 'ok.md'));
    writeFileSync(join(dir, 'broken.md'), Buffer.from([0x41, 0xff, 0x0a]));
    const failed = await new LangChainLoader({ paths: [dir] }).load().catch((e: unknown) => e);
    expect(isCairnError(failed, 'invalid_utf8')).toBe(true);
    expect(codeOf(() => new LangChainLoader({} as never))).toBe('invalid_option');
    expect(codeOf(() => new LangChainLoader({ store: fixture.store, paths: ['x'] } as never))).toBe(
      'invalid_option',
    );
    expect(codeOf(() => new LangChainLoader({ paths: ['x'], db: 'y' } as never))).toBe(
      'invalid_option',
    );
  });
});

describe('CairnLoader (LlamaIndex.TS) and CairnRetriever (LlamaIndex.TS)', () => {
  test('loaded Documents index in a VectorStoreIndex; its scored nodes project and verify', async () => {
    const docs = await new LlamaIndexLoader({ store: fixture.store }).loadData();
    expect(docs[0]).toBeInstanceOf(LlamaDocument);
    expect(docs[0]!.id_).toBe(docs[0]!.metadata.chunk_id);
    // IDs and offsets stay out of what the model sees
    expect(docs[0]!.getContent('LLM' as never)).not.toContain(docs[0]!.id_);
    const embedding = new TermHashEmbedding();
    const nodes = docs.map(
      (d) =>
        new TextNode({
          id_: d.id_,
          text: d.text,
          metadata: d.metadata,
          excludedEmbedMetadataKeys: d.excludedEmbedMetadataKeys,
          excludedLlmMetadataKeys: d.excludedLlmMetadataKeys,
        }),
    );
    const index = await Settings.withEmbedModel(embedding, () => VectorStoreIndex.init({ nodes }));
    const results = await Settings.withEmbedModel(embedding, () =>
      index.asRetriever({ similarityTopK: 4 }).retrieve('who owns a value'),
    );
    const projected = projectLlamaIndexCitations(results, {
      index_hash: 'simple:loader',
      embed_model: TERM_HASH_MODEL,
    });
    if (!projected.ok) throw new Error(JSON.stringify(projected.issues));
    expect(projected.citations.map((c) => c.index_hash)).toEqual(
      results.map(() => 'simple:loader'),
    );
    const verified = await verifyCitations(fixture.store, projected.citations, {
      allow_cross_section_reuse: true,
    });
    expect(verified.citations.map((c) => c.status)).toEqual(results.map(() => 'verified'));
  });

  test("the retriever is LlamaIndex's BaseRetriever: hits in search order, the ordering score, the payload projected back whole", async () => {
    const retriever = new CairnRetriever({ store: fixture.store, k: 6, trace_log: false });
    expect(retriever).toBeInstanceOf(BaseRetriever);
    const query = 'ownership rules and the heap';
    const results = await retriever.retrieve({ query });
    const again = await search(fixture.store, query, { k: 6, trace_log: false });
    expect(results.map((r) => r.node.id_)).toEqual(again.hits.map((h) => h.snippet_id));
    const scores = results.map((r) => r.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const projected = projectLlamaIndexCitations(results);
    if (!projected.ok) throw new Error(JSON.stringify(projected.issues));
    // the score beside a node is the one that ordered the hits, and a projection takes it
    expect(projected.citations).toEqual(
      again.hits.map(({ text, heading_path, section_label, ...citation }) => ({
        ...citation,
        score_raw: citation.rerank_score ?? citation.score_norm,
      })),
    );
    // a plain string query works too, and search errors keep their code
    expect((await retriever.retrieve(query)).length).toBe(6);
    const empty = await retriever.retrieve('   ').catch((e: unknown) => e);
    expect(isCairnError(empty, 'empty_query')).toBe(true);
    expect(codeOf(() => new CairnRetriever({ store: fixture.store, topK: 3 } as never))).toBe(
      'invalid_option',
    );
  });
});
