import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Document } from '@langchain/core/documents';
import { RunnableLambda } from '@langchain/core/runnables';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CairnSplitMetadata, CairnTextSplitter } from '../../src/adapters/langchain/index.js';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { isCairnError } from '../../src/errors.js';
import { isChunkId } from '../../src/ids/parse-chunk-id.js';
import { validateChunkIds } from '../../src/ids/validate-chunk-ids.js';
import { binaryKind } from '../../src/load/decode-text.js';
import { legibleSections } from '../../src/pipeline/legible-section.js';
import { corpusFiles } from '../corpora.js';
import { nastyText } from '../support/arbitraries.js';
import { canonicalSlice } from './support/canonical-slice.js';
import {
  CHAPTERS,
  openRustbookStore,
  type RustbookStore,
  readChapter,
} from './support/rustbook-store.js';

const splitter = new CairnTextSplitter();

function chapterDocument(name: string, metadata: Record<string, unknown> = {}): Document {
  return new Document({ pageContent: readChapter(name), metadata: { source: name, ...metadata } });
}

/**
 * Every promise a split Document makes about where it came from: `loc`
 * indexes `pageContent` as given, `offsets` the canonical text, which is
 * the same string less a leading byte order mark.
 */
function expectExactPlace(text: string, doc: Document<CairnSplitMetadata>): void {
  const { loc, offsets } = doc.metadata;
  // slice(undefined) would start at 0: a missing index must not pass for one
  expect(Number.isInteger(loc.start16) && Number.isInteger(loc.end16)).toBe(true);
  expect(text.slice(loc.start16, loc.end16)).toBe(doc.pageContent);
  expect(canonicalSlice(text, offsets.start, offsets.end)).toBe(doc.pageContent);
  expect(offsets.unit).toBe('char');
  // LangChain's lines: 1-based, the first line of the chunk and that plus its newlines
  const before = text.slice(0, loc.start16);
  expect(loc.lines.from).toBe(1 + (before.match(/\n/g)?.length ?? 0));
  expect(loc.lines.to - loc.lines.from).toBe(doc.pageContent.match(/\n/g)?.length ?? 0);
  expect(doc.id).toBe(doc.metadata.chunk_id);
  expect(isChunkId(doc.metadata.chunk_id)).toBe(true);
}

describe('CairnTextSplitter: Documents round-trip with exact offsets', () => {
  test('every rustbook chapter: loc slices pageContent back in UTF-16, offsets in code points', async () => {
    const files = corpusFiles('rustbook', ['.md']);
    expect(files.length).toBeGreaterThan(100);
    let chunks = 0;
    for (const path of files) {
      const text = readFileSync(path, 'utf8');
      const docs = await splitter.splitDocuments([
        new Document({ pageContent: text, metadata: { source: basename(path) } }),
      ]);
      for (const doc of docs) expectExactPlace(text, doc);
      expect(validateChunkIds({ ids: docs.map((doc) => doc.metadata.chunk_id) })).toEqual({
        ok: true,
      });
      chunks += docs.length;
    }
    expect(chunks).toBeGreaterThan(files.length);
  });

  test('after an astral character the units part: loc is one UTF-16 unit ahead of offsets', async () => {
    const text = readChapter('ch02-00-guessing-game-tutorial.md');
    const thumb16 = text.indexOf('👍');
    expect(thumb16).toBeGreaterThan(0);
    const docs = await splitter.splitDocuments([
      chapterDocument('ch02-00-guessing-game-tutorial.md'),
    ]);
    const after = docs.filter((doc) => doc.metadata.loc.start16 > thumb16);
    const before = docs.filter((doc) => doc.metadata.loc.end16 <= thumb16);
    expect(after.length).toBeGreaterThan(0);
    expect(before.length).toBeGreaterThan(0);
    for (const doc of after) {
      expect(doc.metadata.loc.start16 - doc.metadata.offsets.start).toBe(1);
      expect(doc.metadata.loc.end16 - doc.metadata.offsets.end).toBe(1);
    }
    for (const doc of before) expect(doc.metadata.loc.start16).toBe(doc.metadata.offsets.start);
  });

  test('a leading byte order mark counts in loc, not in offsets, and changes no chunk ID', async () => {
    const name = 'ch04-01-what-is-ownership.md';
    const plain = await splitter.splitDocuments([chapterDocument(name)]);
    const text = `\ufeff${readChapter(name)}`;
    const marked = await splitter.splitDocuments([
      new Document({ pageContent: text, metadata: { source: name } }),
    ]);
    expect(marked.map((doc) => doc.id)).toEqual(plain.map((doc) => doc.id));
    expect(marked.map((doc) => doc.metadata.offsets)).toEqual(
      plain.map((doc) => doc.metadata.offsets),
    );
    for (const doc of marked) {
      expect(text.slice(doc.metadata.loc.start16, doc.metadata.loc.end16)).toBe(doc.pageContent);
      expect(doc.metadata.loc.start16).toBe(doc.metadata.offsets.start + 1);
    }
  });

  test('property: any text, Markdown or plain, splits into Documents at their exact place', async () => {
    await fc.assert(
      fc.asyncProperty(
        nastyText(80).filter((text) => binaryKind(Buffer.from(text)) === null),
        fc.constantFrom('prop.md', 'prop.txt'),
        async (text, source) => {
          const docs = await splitter.splitDocuments([
            new Document({ pageContent: text, metadata: { source } }),
          ]);
          for (const doc of docs) expectExactPlace(text, doc);
        },
      ),
    );
  });
});

describe('CairnTextSplitter: IDs and metadata', () => {
  let fixture: RustbookStore;

  beforeAll(async () => {
    fixture = await openRustbookStore('cairn-lc-split-');
  });

  afterAll(async () => {
    await fixture?.dispose();
  });

  test('chunk IDs, offsets and tokens are the ones `cairn ingest` stores for the same source', async () => {
    const chunkerId = defaultChunkerRegistry().get('default').chunker_id;
    for (const name of CHAPTERS) {
      const docs = await splitter.splitDocuments([chapterDocument(name)]);
      const document = (await fixture.store.getDocument(name))!;
      const rows = await fixture.store.listChunks(document.current_version_id!, chunkerId);
      expect(docs.map((doc) => doc.metadata.chunker_id)).toEqual(docs.map(() => chunkerId));
      expect(
        docs.map(({ metadata: m }) => [m.chunk_id, m.offsets.start, m.offsets.end, m.tokens]),
      ).toEqual(rows.map((row) => [row.chunk_id, row.char_start, row.char_end, row.tokens]));
      // seed 000's canonical fields, as the store and the search hits carry them
      expect(docs.map(({ metadata: m }) => [m.hash, m.block_type, m.anchor])).toEqual(
        rows.map((row) => [`sha256:${row.hash}`, row.block_type, row.anchor]),
      );
      // one section id everywhere: the one search hits and the export give the same chunk
      const legible = await legibleSections(fixture.store, rows);
      expect(docs.map(({ metadata: m }) => m.section_id)).toEqual(legible.map((s) => s.section_id));
      expect(docs.some(({ metadata: m }) => m.section_id.includes('/'))).toBe(true);
      const version = (await fixture.store.getVersion(document.current_version_id!))!;
      for (const doc of docs) {
        expect(doc.metadata).toMatchObject({
          doc_id: document.doc_uid,
          source_url: name,
          rev: version.rev,
        });
      }
    }
  });

  test("the source Document's metadata stays; cairn's chunk facts win over stale ones", async () => {
    const [first] = await splitter.splitDocuments([
      chapterDocument('ch16-01-threads.md', {
        author: 'Steve Klabnik',
        chunk_id: 'stale',
        loc: { pageNumber: 3, lines: { from: 90, to: 99 } },
      }),
    ]);
    expect(first!.metadata.author).toBe('Steve Klabnik');
    expect(first!.metadata.chunk_id).not.toBe('stale');
    expect(first!.metadata.loc.pageNumber).toBe(3);
    expect(first!.metadata.loc.lines.from).toBe(1);
    expect(first!.metadata.heading_path).toEqual(['Using Threads to Run Code Simultaneously']);
    expect(first!.metadata.section_id).toBe('using-threads-to-run-code-simultaneously');
  });

  test('works as a LangChain Runnable and as a TextSplitter (invoke, pipe, createDocuments, splitText)', async () => {
    const doc = chapterDocument('ch16-03-shared-state.md');
    const direct = await splitter.splitDocuments([doc]);
    expect(await splitter.invoke([doc])).toEqual(direct);
    const ids = await splitter
      .pipe(RunnableLambda.from((docs: Document<CairnSplitMetadata>[]) => docs.map((d) => d.id)))
      .invoke([doc]);
    expect(ids).toEqual(direct.map((d) => d.id));
    const created = await splitter.createDocuments([doc.pageContent], [doc.metadata]);
    expect(created).toEqual(direct);
    // a bare text has no source to tell its format by
    expect(await new CairnTextSplitter({ format: 'markdown' }).splitText(doc.pageContent)).toEqual(
      direct.map((d) => d.pageContent),
    );
  });

  test('format: Markdown for .md sources, plain text otherwise, unless the option says', async () => {
    const text = readChapter('ch16-01-threads.md');
    const split = (source: string, options = {}) =>
      new CairnTextSplitter(options).splitDocuments([
        new Document({ pageContent: text, metadata: { source } }),
      ]);
    const [markdown] = await split('threads.md');
    const [plain] = await split('threads.txt');
    const [forced] = await split('threads.txt', { format: 'markdown' });
    expect(markdown!.metadata.heading_path).toEqual(['Using Threads to Run Code Simultaneously']);
    expect(plain!.metadata.heading_path).toEqual([]);
    expect(forced!.metadata.heading_path).toEqual(markdown!.metadata.heading_path);
  });

  test('a URL source is Markdown by its path: a query or fragment (one doc_id) changes no chunk', async () => {
    const text = readChapter('ch16-01-threads.md');
    const split = (source: string) =>
      new CairnTextSplitter().splitDocuments([
        new Document({ pageContent: text, metadata: { source } }),
      ]);
    const page = 'https://example.com/book/ch16-01-threads.md';
    const plain = await split(page);
    expect(plain[0]!.metadata.heading_path).toEqual(['Using Threads to Run Code Simultaneously']);
    for (const source of [`${page}?utm_source=feed`, `${page}#creating-a-new-thread`]) {
      const docs = await split(source);
      expect(docs.map((doc) => doc.metadata.doc_id)).toEqual(
        plain.map((doc) => doc.metadata.doc_id),
      );
      expect(docs.map((doc) => doc.id)).toEqual(plain.map((doc) => doc.id));
    }
  });

  test('a chunker by name with tuning: smaller chunks, named by their own chunker id', async () => {
    const small = new CairnTextSplitter({
      chunker: 'token',
      chunking: { max_chunk_tokens: 64, overlap_tokens: 8 },
    });
    const text = readChapter('ch04-01-what-is-ownership.md');
    const docs = await small.splitDocuments([chapterDocument('ch04-01-what-is-ownership.md')]);
    expect(docs[0]!.metadata.chunker_id).toBe(small.chunker.chunker_id);
    expect(small.chunker.chunker_id).toMatch(/^token@/);
    for (const doc of docs) {
      expect(doc.metadata.tokens).toBeLessThanOrEqual(64);
      expectExactPlace(text, doc);
    }
  });

  test('refuses with a code: no source, a lone surrogate, a format with a text layer of its own', async () => {
    const codeOf = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return null;
      } catch (error) {
        return isCairnError(error) ? error.code : String(error);
      }
    };
    expect(
      await codeOf(() => splitter.splitDocuments([new Document({ pageContent: 'Some text.' })])),
    ).toBe('invalid_option');
    expect(
      await codeOf(() =>
        splitter.splitDocuments([
          new Document({ pageContent: 'half a pair: \ud83d here', metadata: { source: 'a.md' } }),
        ]),
      ),
    ).toBe('invalid_utf8');
    expect(
      await codeOf(() =>
        new CairnTextSplitter({ format: 'html' as never }).splitDocuments([
          chapterDocument('ch16-01-threads.md'),
        ]),
      ),
    ).toBe('unsupported_format');
    expect(await codeOf(() => new CairnTextSplitter({ chunker: 'nope' }).splitText('x'))).toBe(
      'unknown_chunker',
    );
  });
});
