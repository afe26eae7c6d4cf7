import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, type NodeWithScore, Settings, TextNode, VectorStoreIndex } from 'llamaindex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CairnNodeParser,
  projectLlamaIndexCitation,
  projectLlamaIndexCitations,
} from '../../src/adapters/llamaindex/index.js';
import { validateCitations } from '../../src/cite/validate-citations.js';
import { type Bundle, bundleEntries } from '../store/support/bundle-entries.js';
import { runCli } from '../store/support/run-cli.js';
import { TermHashEmbedding } from './support/llamaindex-term-hash-embedding.js';
import {
  CHAPTERS,
  openRustbookStore,
  type RustbookStore,
  readChapter,
} from './support/rustbook-store.js';
import { TERM_HASH_ANALYZER, TERM_HASH_MODEL } from './support/term-hash-vector.js';

let bundle: Bundle;
let fixture: RustbookStore;
let index: VectorStoreIndex;
const embedding = new TermHashEmbedding();

const VECTOR_INDEX = {
  index_hash: 'simple:rustbook-4',
  embed_model: TERM_HASH_MODEL,
  analyzer: TERM_HASH_ANALYZER,
};

beforeAll(async () => {
  bundle = await bundleEntries({ cli: 'test/store/support/cli-entry.ts' });
  fixture = await openRustbookStore('cairn-li-cite-');
  const nodes = await new CairnNodeParser().getNodesFromDocuments(
    CHAPTERS.map(
      (name) => new Document({ text: readChapter(name), metadata: { file_path: name } }),
    ),
  );
  index = await Settings.withEmbedModel(embedding, () => VectorStoreIndex.init({ nodes }));
});

afterAll(async () => {
  bundle?.dispose();
  await fixture?.dispose();
});

function retrieve(query: string, similarityTopK: number): Promise<NodeWithScore[]> {
  return Settings.withEmbedModel(embedding, () =>
    index.asRetriever({ similarityTopK }).retrieve(query),
  );
}

describe('LlamaIndex results as citation payloads', () => {
  test('scored nodes from a VectorStoreIndex project, and `cairn validate citations --db` verifies them', async () => {
    const results = await retrieve('threads share data with a mutex', 5);
    expect(results).toHaveLength(5);
    const projected = projectLlamaIndexCitations(results, VECTOR_INDEX);
    if (!projected.ok) throw new Error(JSON.stringify(projected.issues));
    expect(projected.citations.map((c) => c.snippet_id)).toEqual(results.map((r) => r.node.id_));
    expect(projected.citations.map((c) => c.score_raw)).toEqual(results.map((r) => r.score));
    expect(projected.citations.map((c) => c.k_pos)).toEqual([1, 2, 3, 4, 5]);
    expect(validateCitations(projected.citations, { allow_cross_section_reuse: true })).toEqual({
      ok: true,
    });

    const file = join(fixture.dir, 'llamaindex.json');
    writeFileSync(file, JSON.stringify(projected.citations));
    const run = runCli(bundle.file('cli'), fixture.dir, [
      'validate',
      'citations',
      file,
      '--db',
      fixture.db,
      '--allow-cross-section',
      '--json',
    ]);
    const report = JSON.parse(run.stdout);
    expect(report.issues).toEqual([]);
    expect(run.code).toBe(0);
    expect(report.citations.map((c: { status: string }) => c.status)).toEqual(
      results.map(() => 'verified'),
    );
  });

  test('a node without a score is missing_score; a bare node of another parser names what it lacks', async () => {
    const [scored] = await retrieve('ownership', 1);
    const unscored = projectLlamaIndexCitation({ node: scored!.node }, VECTOR_INDEX);
    expect(unscored.ok).toBe(false);
    if (!unscored.ok) expect(unscored.issues.map((i) => i.code)).toEqual(['missing_score']);

    const foreign = new TextNode({ text: 'A node split by something else.' });
    const projected = projectLlamaIndexCitation({ node: foreign, score: 0.5 });
    expect(projected.ok).toBe(false);
    if (projected.ok) return;
    expect(projected.issues.map((i) => i.code)).toEqual([
      'missing_doc_id',
      'missing_section_id',
      'malformed_snippet_id',
      'missing_source_url',
      'missing_offsets',
      'missing_tokens',
      'missing_index_hash',
      'missing_embed_model',
      'missing_analyzer',
      'missing_rev',
    ]);
    expect(projected.citation.snippet_id).toBe(foreign.id_);
  });

  test('UTF-16 indices are never taken for offsets: a node without `offsets` is missing_offsets', async () => {
    const [scored] = await retrieve('guess a number', 1);
    const node = scored!.node as TextNode;
    expect(node.startCharIdx).toBeTypeOf('number');
    const { offsets, ...metadata } = node.metadata;
    const stripped = new TextNode({
      id_: node.id_,
      text: node.text,
      startCharIdx: node.startCharIdx,
      endCharIdx: node.endCharIdx,
      metadata,
    });
    const projected = projectLlamaIndexCitation({ node: stripped, score: scored!.score });
    expect(projected.ok).toBe(false);
    if (!projected.ok) {
      expect(projected.issues.map((i) => [i.code, i.path])).toEqual([
        ['missing_offsets', '/offsets'],
        ['missing_index_hash', '/index_hash'],
        ['missing_embed_model', '/embed_model'],
        ['missing_analyzer', '/analyzer'],
      ]);
    }
    expect(offsets).toMatchObject({ unit: 'char' });
  });
});
