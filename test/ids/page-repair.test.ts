import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseChunkId } from '../../src/ids/parse-chunk-id.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { resolveChunk } from '../../src/pipeline/resolve-chunk.js';
import { openStore } from '../../src/store/open-store.js';
import type { ChunkRow, ChunkStore } from '../../src/store/types.js';
import { blockChunker } from '../store/test-documents.js';
import { multiPagePdf } from '../support/multi-page-pdf.js';

const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'si', 'to', 'va', 'xe', 'yo', 'zu'];

/** A paragraph of made-up words of its own (a page's text tells it apart from every other page's). */
function paragraph(seed: string): string[] {
  const hex = createHash('sha256').update(seed).digest('hex');
  const words: string[] = [];
  for (let i = 0; i + 3 <= 48; i += 3) {
    const n = Number.parseInt(hex.slice(i, i + 3), 16);
    words.push(SYLLABLES[n % 12]! + SYLLABLES[(n >> 4) % 12]! + SYLLABLES[(n >> 8) % 12]!);
  }
  return [`${words.slice(0, 8).join(' ')}`, `${words.slice(8).join(' ')}.`, ''];
}

/** Page `name`: three paragraphs, each a block (and so a chunk of the block chunker). */
const page = (name: string, paragraphs = [0, 1, 2]) =>
  paragraphs.flatMap((p) => paragraph(`${name}-${p}`));

const chunker = blockChunker('pdf-blocks@v1:00000000');
let dir: string;
let store: ChunkStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-pages-'));
  store = await openStore({ db: join(dir, 'cairn.db') });
});

afterAll(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function ingest(name: string, pages: string[][]) {
  const doc = await parseDocument({ bytes: multiPagePdf(pages), source_url: name });
  const result = await ensure(store, doc, chunker);
  return { doc, result, chunks: await store.listChunks(result.version.id, chunker.chunker_id) };
}

function byText(chunks: ChunkRow[]): Map<string, ChunkRow> {
  return new Map(chunks.map((c) => [c.text, c]));
}

async function redirectKind(id: string): Promise<string | null> {
  return (await store.findRedirects(id, chunker.chunker_id))[0]?.kind ?? null;
}

describe("seed 000's OCR repairs: pages that moved carry their new page in p=", () => {
  test('one page split in two and one page removed: p= follows the page, the old IDs redirect', async () => {
    const before = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => page(name));
    const first = await ingest('report.pdf', before);
    expect(first.doc.pages).toHaveLength(6);
    expect(first.chunks).toHaveLength(18);
    // B split after its second paragraph; D removed: still six pages
    const after = [page('A'), page('B', [0, 1]), page('B', [2]), page('C'), page('E'), page('F')];
    const second = await ingest('report.pdf', after);
    expect(second.doc.pages).toHaveLength(6);
    expect(second.result.change).toBe('minor');

    // every live ID names its chunk's page
    for (const chunk of second.chunks) expect(parseChunkId(chunk.chunk_id).page).toBe(chunk.page);
    const old = byText(first.chunks);
    const now = byText(second.chunks);
    for (const [text, chunk] of now) {
      const was = old.get(text)!;
      const [p, q] = [parseChunkId(was.chunk_id), parseChunkId(chunk.chunk_id)];
      // s= stays the page the text came from (synthesized through the mapping), b= and r= stay
      expect([q.sect_path, q.block, q.rev]).toEqual([p.sect_path, p.block, p.rev]);
      if (was.page === chunk.page) {
        expect(chunk.chunk_id).toBe(was.chunk_id);
        continue;
      }
      // B's third paragraph went to page 3 (split); C moved from page 3 to page 4
      expect(await redirectKind(was.chunk_id)).toBe(was.page === 2 ? 'split' : 'moved');
      const resolved = await resolveChunk(store, was.chunk_id, { chunker: chunker.chunker_id });
      expect(resolved.status === 'live' && resolved.chunk.chunk_id).toBe(chunk.chunk_id);
    }
    const moved = second.chunks.filter((c) => old.get(c.text)!.page !== c.page);
    expect(moved.map((c) => [old.get(c.text)!.page, c.page])).toEqual([
      [2, 3],
      [3, 4],
      [3, 4],
      [3, 4],
    ]);
    // D's IDs are retired: none is live, each redirects
    for (const chunk of first.chunks.filter((c) => c.page === 4)) {
      expect(now.has(chunk.text)).toBe(false);
      expect(await redirectKind(chunk.chunk_id)).not.toBeNull();
    }
  });

  test('two pages merged into one: the second one’s IDs redirect as merged', async () => {
    const before = ['G', 'H', 'I', 'J'].map((name) => page(name));
    const first = await ingest('merged.pdf', before);
    const after = [page('G'), [...page('H'), ...page('I')], page('J')];
    const second = await ingest('merged.pdf', after);
    expect(second.result.change).toBe('minor');
    const old = byText(first.chunks);
    for (const chunk of second.chunks) {
      expect(parseChunkId(chunk.chunk_id).page).toBe(chunk.page);
      const was = old.get(chunk.text)!;
      if (was.page === chunk.page) expect(chunk.chunk_id).toBe(was.chunk_id);
      else expect(await redirectKind(was.chunk_id)).toBe(was.page === 3 ? 'merged' : 'moved');
    }
    expect(second.chunks.filter((c) => c.page === 2)).toHaveLength(6);
  });
});
