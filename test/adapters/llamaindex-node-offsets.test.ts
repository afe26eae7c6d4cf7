import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import fc from 'fast-check';
import {
  Document,
  IngestionPipeline,
  MetadataMode,
  NodeRelationship,
  type RelatedNodeInfo,
  type TextNode,
} from 'llamaindex';
import { describe, expect, test } from 'vitest';
import type { CairnChunkMetadata } from '../../src/adapters/llamaindex/index.js';
import { CairnNodeParser } from '../../src/adapters/llamaindex/index.js';
import { isCairnError } from '../../src/errors.js';
import { isChunkId } from '../../src/ids/parse-chunk-id.js';
import { validateChunkIds } from '../../src/ids/validate-chunk-ids.js';
import { binaryKind } from '../../src/load/decode-text.js';
import { corpusFiles } from '../corpora.js';
import { nastyText } from '../support/arbitraries.js';
import { canonicalSlice } from './support/canonical-slice.js';
import { readChapter } from './support/rustbook-store.js';

const parser = new CairnNodeParser();

function chapterDocument(name: string, metadata: Record<string, unknown> = {}): Document {
  return new Document({ text: readChapter(name), metadata: { file_path: name, ...metadata } });
}

const cairnOf = (node: TextNode) => node.metadata as CairnChunkMetadata;
const related = (node: TextNode, kind: NodeRelationship) =>
  node.relationships[kind] as RelatedNodeInfo | undefined;

/**
 * Every promise a node makes about where it came from: the indices are
 * UTF-16 into the document's text, `offsets` code points into the
 * canonical text (the same string less a leading byte order mark).
 */
function expectExactPlace(text: string, node: TextNode): void {
  // slice(undefined) would start at 0: an index LlamaIndex lost must not pass for one
  expect(node.startCharIdx).toBeTypeOf('number');
  expect(node.endCharIdx).toBeTypeOf('number');
  expect(text.slice(node.startCharIdx, node.endCharIdx)).toBe(node.text);
  const { offsets, chunk_id } = cairnOf(node);
  expect(canonicalSlice(text, offsets.start, offsets.end)).toBe(node.text);
  expect(node.id_).toBe(chunk_id);
  expect(isChunkId(node.id_)).toBe(true);
}

describe('CairnNodeParser: TextNodes round-trip with exact offsets', () => {
  test('every rustbook chapter: startCharIdx/endCharIdx slice the text back, offsets in code points', async () => {
    const files = corpusFiles('rustbook', ['.md']);
    const documents = files.map(
      (path) =>
        new Document({ text: readFileSync(path, 'utf8'), metadata: { file_path: basename(path) } }),
    );
    const nodes = await parser.getNodesFromDocuments(documents);
    const byId = new Map(documents.map((doc) => [doc.id_, doc]));
    const perDocument = new Map<string, string[]>();
    for (const node of nodes) {
      const source = byId.get(related(node, NodeRelationship.SOURCE)!.nodeId)!;
      expectExactPlace(source.text, node);
      perDocument.set(source.id_, [...(perDocument.get(source.id_) ?? []), node.id_]);
    }
    expect(perDocument.size).toBe(files.length);
    for (const ids of perDocument.values()) expect(validateChunkIds({ ids })).toEqual({ ok: true });
  });

  test('after an astral character the units part: the indices are one UTF-16 unit ahead', async () => {
    const document = chapterDocument('ch02-00-guessing-game-tutorial.md');
    const thumb16 = document.text.indexOf('👍');
    const nodes = await parser.getNodesFromDocuments([document]);
    const after = nodes.filter((node) => node.startCharIdx! > thumb16);
    expect(after.length).toBeGreaterThan(0);
    for (const node of after) expect(node.startCharIdx! - cairnOf(node).offsets.start).toBe(1);
  });

  test("repeated text keeps each node's own place (LlamaIndex's indexOf would put both at the first)", async () => {
    const chapter = readChapter('ch16-01-threads.md');
    const text = `${chapter}\n\n${chapter}`;
    const nodes = await parser.getNodesFromDocuments([
      new Document({ text, metadata: { file_path: 'threads-twice.md' } }),
    ]);
    const second = nodes.filter((node) => node.startCharIdx! > chapter.length);
    expect(second.length).toBeGreaterThan(0);
    // the copy's chunks have text that also occurs earlier
    expect(second.some((node) => text.indexOf(node.text) < chapter.length)).toBe(true);
    for (const node of nodes) expectExactPlace(text, node);
    const starts = nodes.map((node) => node.startCharIdx!);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  test('property: any text, Markdown or plain, parses into nodes at their exact place', async () => {
    await fc.assert(
      fc.asyncProperty(
        nastyText(80).filter((text) => binaryKind(Buffer.from(text)) === null),
        fc.constantFrom('prop.md', 'prop.txt'),
        async (text, file_path) => {
          const nodes = await parser.getNodesFromDocuments([
            new Document({ text, metadata: { file_path } }),
          ]);
          for (const node of nodes) expectExactPlace(text, node);
        },
      ),
    );
  });
});

describe('CairnNodeParser: relationships, metadata and pipelines', () => {
  test('SOURCE, PREVIOUS and NEXT link the nodes of one document in order', async () => {
    const a = chapterDocument('ch16-01-threads.md');
    const b = chapterDocument('ch04-01-what-is-ownership.md');
    const nodes = await parser.getNodesFromDocuments([a, b]);
    const ofA = nodes.filter((node) => related(node, NodeRelationship.SOURCE)?.nodeId === a.id_);
    const ofB = nodes.filter((node) => related(node, NodeRelationship.SOURCE)?.nodeId === b.id_);
    expect(ofA.length + ofB.length).toBe(nodes.length);
    for (const group of [ofA, ofB]) {
      group.forEach((node, k) => {
        expect(related(node, NodeRelationship.PREVIOUS)?.nodeId).toBe(group[k - 1]?.id_);
        expect(related(node, NodeRelationship.NEXT)?.nodeId).toBe(group[k + 1]?.id_);
      });
    }
  });

  test("the document's metadata stays, cairn's facts win, and chunk facts stay out of embed text", async () => {
    const [first] = await parser.getNodesFromDocuments([
      chapterDocument('ch16-01-threads.md', { author: 'Carol Nichols', chunk_id: 'stale' }),
    ]);
    expect(first!.metadata.author).toBe('Carol Nichols');
    expect(first!.metadata.chunk_id).toBe(first!.id_);
    expect(cairnOf(first!)).toMatchObject({
      source_url: 'ch16-01-threads.md',
      section_id: 'using-threads-to-run-code-simultaneously',
      heading_path: ['Using Threads to Run Code Simultaneously'],
      page: null,
    });
    const embedded = first!.getContent(MetadataMode.EMBED);
    expect(embedded).toContain('heading_path: Using Threads to Run Code Simultaneously');
    expect(embedded).toContain('author: Carol Nichols');
    expect(embedded).not.toContain('offsets');
    expect(embedded).not.toContain(first!.id_);

    const bare = new CairnNodeParser();
    bare.includeMetadata = false;
    const [alone] = await bare.getNodesFromDocuments([
      chapterDocument('ch16-01-threads.md', { author: 'Carol Nichols' }),
    ]);
    expect(alone!.metadata.author).toBeUndefined();
    expect(alone!.id_).toBe(first!.id_);

    // text before any heading has no heading path: no empty line of it in what the model reads
    const [untitled] = await parser.getNodesFromDocuments([
      new Document({ text: 'Plain words, no heading.\n', metadata: { file_path: 'plain.txt' } }),
    ]);
    expect(cairnOf(untitled!).heading_path).toEqual([]);
    for (const mode of [MetadataMode.LLM, MetadataMode.EMBED])
      expect(untitled!.getContent(mode)).not.toContain('heading_path');
  });

  test('runs as a transformation of an IngestionPipeline', async () => {
    const document = chapterDocument('ch04-01-what-is-ownership.md');
    const direct = await parser.getNodesFromDocuments([document]);
    const piped = await new IngestionPipeline({ transformations: [parser] }).run({
      documents: [document],
    });
    expect(piped.map((node) => node.id_)).toEqual(direct.map((node) => node.id_));
    expect(piped.map((node) => (node as TextNode).startCharIdx)).toEqual(
      direct.map((node) => node.startCharIdx),
    );
  });

  test('refuses a document without a source, with a code', async () => {
    let code: string | null = null;
    try {
      await parser.getNodesFromDocuments([new Document({ text: 'Some text.' })]);
    } catch (error) {
      code = isCairnError(error) ? error.code : String(error);
    }
    expect(code).toBe('invalid_option');
  });
});
