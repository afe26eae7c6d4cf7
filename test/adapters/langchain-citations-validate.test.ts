import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, type DocumentInterface } from '@langchain/core/documents';
import { load } from '@langchain/core/load';
import { FakeVectorStore } from '@langchain/core/utils/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CairnRetriever,
  CairnTextSplitter,
  projectLangChainCitation,
  projectLangChainCitations,
} from '../../src/adapters/langchain/index.js';
import { isCairnError } from '../../src/errors.js';
import { search } from '../../src/search/search.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';
import { TermHashEmbeddings } from './support/langchain-term-hash-embeddings.js';
import {
  CHAPTERS,
  openRustbookStore,
  type RustbookStore,
  readChapter,
} from './support/rustbook-store.js';
import { TERM_HASH_ANALYZER, TERM_HASH_MODEL } from './support/term-hash-vector.js';

let bundle: Bundle;
let fixture: RustbookStore;
/** LangChain's in-memory vector store over the same chapters, split by cairn. */
let vectors: FakeVectorStore;

const VECTOR_INDEX = {
  index_hash: 'memory:rustbook-4',
  embed_model: TERM_HASH_MODEL,
  analyzer: TERM_HASH_ANALYZER,
};

beforeAll(async () => {
  bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
  fixture = await openRustbookStore('cairn-lc-cite-');
  const docs = await new CairnTextSplitter().splitDocuments(
    CHAPTERS.map(
      (name) => new Document({ pageContent: readChapter(name), metadata: { source: name } }),
    ),
  );
  vectors = await FakeVectorStore.fromDocuments(docs, new TermHashEmbeddings());
});

afterAll(async () => {
  bundle?.dispose();
  await fixture?.dispose();
});

interface CliReport {
  ok: boolean;
  issues: { code: string; path: string; index: number | null }[];
  citations?: { status: string; reason: string | null }[];
}

/** Writes `payload` as JSON and runs `cairn validate citations <file> ...args --json`. */
function validateFile(name: string, payload: unknown, ...args: string[]) {
  const file = join(fixture.dir, name);
  writeFileSync(file, JSON.stringify(payload));
  const run = runCli(bundle.file('cli'), fixture.dir, [
    'validate',
    'citations',
    file,
    ...args,
    '--json',
  ]);
  return { code: run.code, report: JSON.parse(run.stdout) as CliReport, stderr: run.stderr };
}

describe('LangChain results as citation payloads, checked by `cairn validate citations`', () => {
  test('a CairnRetriever result projects to the search payload, and the CLI verifies it against the store', async () => {
    const query = 'ownership rules and the heap';
    const retriever = new CairnRetriever({ store: fixture.store, k: 8, trace_log: false });
    const docs = await retriever.invoke(query);
    expect(docs).toHaveLength(8);

    const projected = projectLangChainCitations(docs);
    if (!projected.ok) throw new Error(JSON.stringify(projected.issues));
    const again = await search(fixture.store, query, { k: 8, trace_log: false });
    expect(projected.citations).toEqual(
      again.hits.map(({ text, heading_path, section_label, ...citation }) => citation),
    );
    for (const [k, doc] of docs.entries()) {
      expect(doc.pageContent).toBe(again.hits[k]!.text);
      expect(doc.id).toBe(again.hits[k]!.snippet_id);
    }

    const run = validateFile(
      'retriever.json',
      projected.citations,
      '--db',
      fixture.db,
      '--allow-cross-section',
      '--ranked',
      '--index-hash',
      again.index_hash,
      '--analyzer',
      again.analyzer,
    );
    expect(run.report.issues).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.report.citations!.map((c) => c.status)).toEqual(docs.map(() => 'verified'));
  });

  test("a vector store's scored results of CairnTextSplitter Documents verify against the ingested chapters", async () => {
    const results = await vectors.similaritySearchWithScore('threads share data with a mutex', 6);
    expect(results).toHaveLength(6);
    const projected = projectLangChainCitations(results, VECTOR_INDEX);
    if (!projected.ok) throw new Error(JSON.stringify(projected.issues));
    expect(projected.citations.map((c) => c.score_raw)).toEqual(results.map(([, score]) => score));
    expect(projected.citations.map((c) => c.k_pos)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(projected.citations[0]).toMatchObject(VECTOR_INDEX);

    const run = validateFile(
      'vector-store.json',
      { citations: projected.citations },
      '--db',
      fixture.db,
      '--allow-cross-section',
      '--index-hash',
      VECTOR_INDEX.index_hash,
    );
    expect(run.report.issues).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.report.citations!.map((c) => c.status)).toEqual(results.map(() => 'verified'));
  });

  test('a vector store retriever drops the scores: missing_score in the projection and in the CLI', async () => {
    const docs: DocumentInterface[] = await vectors.asRetriever({ k: 3 }).invoke('move semantics');
    expect(docs).toHaveLength(3);
    const projected = projectLangChainCitations(docs, VECTOR_INDEX);
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.issues.map((i) => [i.code, i.path, i.index])).toEqual([
      ['missing_score', '/0', 0],
      ['missing_score', '/1', 1],
      ['missing_score', '/2', 2],
    ]);

    const run = validateFile('no-score.json', projected.citations, '--allow-cross-section');
    expect(run.code).toBe(1);
    expect(run.report.issues.map((i) => [i.code, i.path])).toEqual([
      ['missing_score', '/0'],
      ['missing_score', '/1'],
      ['missing_score', '/2'],
    ]);
  });

  test('`cairn export chunks --format langchain` into a vector store: the citations name the vector index passed, and verify', async () => {
    const exported = runCli(bundle.file('cli'), fixture.dir, [
      'export',
      'chunks',
      '--db',
      fixture.db,
      '--format',
      'langchain',
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    const docs = await Promise.all(
      exported.stdout
        .trim()
        .split('\n')
        .map((line) => load<Document>(line)),
    );
    const lexical = docs[0]!.metadata.index_hash as string;
    expect(lexical).toMatch(/^lex:/);
    const store = await FakeVectorStore.fromDocuments(docs, new TermHashEmbeddings());
    const results = await store.similaritySearchWithScore('threads share data with a mutex', 5);
    const projected = projectLangChainCitations(results, VECTOR_INDEX);
    if (!projected.ok) throw new Error(JSON.stringify(projected.issues));
    for (const citation of projected.citations) expect(citation).toMatchObject(VECTOR_INDEX);

    // the section ids are the ones a search gives the same chunks
    const hits = (await search(fixture.store, 'mutex', { k: 50, trace_log: false })).hits;
    const both = projected.citations.flatMap((citation) => {
      const hit = hits.find((h) => h.snippet_id === citation.snippet_id);
      return hit ? [[citation.section_id, hit.section_id]] : [];
    });
    expect(both.length).toBeGreaterThan(0);
    for (const [exported, searched] of both) expect(exported).toBe(searched);

    const run = validateFile(
      'exported.json',
      { citations: projected.citations },
      '--db',
      fixture.db,
      '--allow-cross-section',
      '--index-hash',
      VECTOR_INDEX.index_hash,
    );
    expect(run.report.issues).toEqual([]);
    expect(run.report.citations!.map((c) => c.status)).toEqual(results.map(() => 'verified'));
  });

  test('offsets turned around are bad_offsets in the projection and in the CLI', async () => {
    const [[doc, score]] = (await vectors.similaritySearchWithScore('scope', 1)) as [
      [Document, number],
    ];
    const { start, end } = doc.metadata.offsets as { start: number; end: number };
    const broken = new Document({
      pageContent: doc.pageContent,
      metadata: { ...doc.metadata, offsets: { start: end, end: start, unit: 'char' } },
    });
    const projected = projectLangChainCitation(broken, { ...VECTOR_INDEX, score });
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.issues.map((i) => [i.code, i.path])).toEqual([['bad_offsets', '/offsets']]);
    expect(projected.issues[0]!.message).toContain(`received ${end}..${start}`);

    const run = validateFile('bad-offsets.json', [projected.citation]);
    expect(run.code).toBe(1);
    expect(run.report.issues.map((i) => [i.code, i.path])).toEqual([['bad_offsets', '/0/offsets']]);
  });

  test('the retriever passes search errors on with their code', async () => {
    const codeOf = async (retriever: CairnRetriever, query: string) => {
      try {
        await retriever.invoke(query);
        return null;
      } catch (error) {
        return isCairnError(error) ? error.code : String(error);
      }
    };
    const store = fixture.store;
    expect(await codeOf(new CairnRetriever({ store, trace_log: false }), '   ')).toBe(
      'empty_query',
    );
    expect(
      await codeOf(
        new CairnRetriever({ store, analyzer: 'pg-fts:english', trace_log: false }),
        'x',
      ),
    ).toBe('analyzer_mismatch');
  });
});
