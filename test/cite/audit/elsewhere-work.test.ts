import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditAnswer } from '../../../src/cite/audit/audit-answer.js';
import { AUDIT_LIMITS } from '../../../src/cite/audit/audit-limits.js';
import { locateQuote } from '../../../src/cite/quote/locate-quote.js';
import { ingestSources } from '../../../src/ingest/ingest-sources.js';
import { openStore } from '../../../src/store/open-store.js';
import type { ChunkRow, ChunkStore } from '../../../src/store/types.js';
import { type AuditStore, CHAPTERS, openAuditStore, wordsOf } from './audit-store.js';
import { buildAnswer } from './shape-fixtures.js';

/**
 * A quote its chunk lacks is looked for in the rest of the cited document.
 * The work per citation must not grow with the document: each chunk's text
 * is read once per request, however many citations search it, counted as
 * reads of `text` on the rows the store lists. And the search finds what it
 * found when it read every chunk.
 */

interface Doc {
  dir: string;
  store: ChunkStore;
  chunks: ChunkRow[];
  sourceUrl: string;
  rev: string;
}

/** A store of one document of `sections` sections, four paragraphs each. */
async function openDoc(sections: number): Promise<Doc> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-elsewhere-'));
  const body = Array.from(
    { length: sections },
    (_, i) =>
      `## Section ${i}\n\n${Array.from({ length: 4 }, (_, p) => `Paragraph ${p} of section ${i}: herons wade the marsh ${i * 7 + p} times while lanterns drift over the reeds and the tide turns.`).join('\n\n')}`,
  );
  writeFileSync(join(dir, 'long.md'), `# Long\n\n${body.join('\n\n')}\n`);
  const store = await openStore({ db: join(dir, 'cairn.db') });
  expect((await ingestSources(store, ['long.md'], { workers: 0, cwd: dir })).failed).toBe(0);
  const document = (await store.getDocument('long.md'))!;
  const chunks = await store.listChunks(
    document.current_version_id,
    (await store.listChunkerIds())[0]!,
  );
  const rev = (await store.getVersion(document.current_version_id))!.rev;
  return { dir, store, chunks, sourceUrl: document.source_url, rev };
}

/** The store, each read of `text` on a row it lists counted. */
function countingTextReads(store: ChunkStore): { store: ChunkStore; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key !== 'listChunks') return value.bind(target);
      return async (...args: unknown[]) =>
        ((await value.apply(target, args)) as ChunkRow[]).map((row) => {
          const { text, ...rest } = row;
          return Object.defineProperty(rest, 'text', {
            enumerable: true,
            get: () => {
              reads++;
              return text;
            },
          }) as ChunkRow;
        });
    },
  });
  return { store: proxy, reads: () => reads };
}

/** A cairn answer citing `chunk` once per quote. */
function answerCiting(
  chunk: ChunkRow,
  at: { source_url: string; rev: string },
  quotes: string[],
): string {
  const one = JSON.parse(buildAnswer('cairn', { chunk, ...at, quote: 'x' }).answer);
  one.citations = quotes.map((quote) => ({ ...one.citations[0], quote }));
  return JSON.stringify(one);
}

/** Quotes in no chunk: half with a word no chunk has, half of the document's words in an order it never uses. */
const absent = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? `kingfishers ${i} never wade the marsh while lanterns ${i} drift`
      : 'the tide turns while herons drift over the marsh and the reeds wade',
  );

describe('per-citation work does not grow with the document', () => {
  const docs: Doc[] = [];
  beforeAll(async () => {
    docs.push(await openDoc(50), await openDoc(200));
  }, 120_000);
  afterAll(async () => {
    for (const d of docs) {
      await d.store.close();
      rmSync(d.dir, { recursive: true, force: true });
    }
  });

  test('chunk texts read for N more unfound quotes: none, on a document and on one four times its size', async () => {
    const N = 20;
    const extra: number[] = [];
    for (const d of docs) {
      const reads: number[] = [];
      for (const n of [N, 2 * N]) {
        const { store, reads: read } = countingTextReads(d.store);
        const report = await auditAnswer(
          store,
          answerCiting(d.chunks[0]!, { source_url: d.sourceUrl, rev: d.rev }, absent(n)),
        );
        expect(report.citations).toHaveLength(n);
        expect(report.citations.every((c) => c.code === 'quote_not_found')).toBe(true);
        reads.push(read());
      }
      // the whole document is read once per request (the index), not once per citation
      expect(reads[0]).toBeGreaterThanOrEqual(d.chunks.length);
      extra.push(reads[1]! - reads[0]!);
    }
    expect(docs[1]!.chunks.length).toBeGreaterThanOrEqual(3.5 * docs[0]!.chunks.length);
    // reading every chunk for each citation would be N x the chunks: hundreds, then four times as many
    expect(extra[0]).toBeLessThanOrEqual(N);
    expect(extra[1]).toBeLessThanOrEqual(N);
  });

  test('store-wide searches stop at the audit limit, and the citations past it say so', async () => {
    const d = docs[0]!;
    let searches = 0;
    const store = new Proxy(d.store, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        if (key !== 'searchLexical') return value.bind(target);
        return (...args: unknown[]) => {
          searches++;
          return value.apply(target, args);
        };
      },
    });
    const n = AUDIT_LIMITS.max_store_searches + 20;
    const report = await auditAnswer(
      store,
      answerCiting(d.chunks[0]!, { source_url: d.sourceUrl, rev: d.rev }, absent(n)),
    );
    expect(report.citations.every((c) => c.code === 'quote_not_found')).toBe(true);
    expect(searches).toBe(AUDIT_LIMITS.max_store_searches);
    const spent = report.citations.filter((c) => c.detail?.includes('searches are spent'));
    expect(spent).toHaveLength(20);
    expect(spent[0]!.index).toBe(AUDIT_LIMITS.max_store_searches);
  });

  test('a quote from another chunk of either document is found there, in one read of that chunk', async () => {
    for (const d of docs) {
      const target = d.chunks.at(-1)!;
      const quote = `herons wade the marsh ${target.text.match(/marsh (\d+) times/u)![1]} times while`;
      const { store, reads } = countingTextReads(d.store);
      const report = await auditAnswer(
        store,
        answerCiting(d.chunks[0]!, { source_url: d.sourceUrl, rev: d.rev }, [quote]),
      );
      expect(report.citations[0]).toMatchObject({
        status: 'repaired',
        code: 'quote_found_elsewhere',
        resolved_chunk_id: target.chunk_id,
      });
      expect(reads()).toBeLessThanOrEqual(d.chunks.length + 2);
    }
  });
});

describe('misplaced quotes are found where reading every chunk found them', () => {
  let s: AuditStore;
  beforeAll(async () => {
    s = await openAuditStore();
  }, 120_000);
  afterAll(async () => {
    await s?.dispose();
  });

  /** The search as it read the document: every other chunk holding the quote's longest word, in reading order. */
  function readingEveryChunk(chunks: ChunkRow[], quote: string, skip: string): string | null {
    const anchor = [...quote.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].reduce(
      (a, m) => (m[0].length > a.length ? m[0] : a),
      '',
    );
    const found = chunks.find(
      (c) =>
        c.chunk_id !== skip &&
        c.text.toLowerCase().includes(anchor) &&
        ['exact', 'normalized', 'elided'].includes(locateQuote(quote, c.text).status),
    );
    return found?.chunk_id ?? null;
  }

  test('exact, normalized and elided copies of each chunk of a chapter, cited against its first chunk', async () => {
    const chunks = await s.live(CHAPTERS[0]!);
    const cited = chunks[0]!;
    const document = (await s.store.getDocumentById(cited.document_id))!;
    const rev = (await s.store.listVersions(cited.document_id)).find(
      (v) => v.id === cited.version_id,
    )!.rev;
    const quotes = chunks
      .slice(1)
      .filter((c) => c.text.split(/\s+/u).length >= 20)
      .flatMap((c) => [
        wordsOf(c, 2, 12),
        wordsOf(c, 4, 14).toUpperCase(),
        wordsOf(c, 3, 13).replace(/'/gu, '\u2019').replace(/ /gu, '\n'),
        `${wordsOf(c, 1, 7)} ... ${wordsOf(c, 8, 14)}`,
        // a quote starting inside a word
        wordsOf(c, 5, 15).slice(2),
      ]);
    const report = await auditAnswer(
      s.store,
      answerCiting(cited, { source_url: document.source_url, rev }, quotes),
      { search_corpus: false },
    );
    let repaired = 0;
    for (const [i, quote] of quotes.entries()) {
      const expected = readingEveryChunk(chunks, quote, cited.chunk_id);
      const c = report.citations[i]!;
      if (locateQuote(quote, cited.text).status !== 'not_found') continue;
      if (expected === null) expect(c.code, quote).not.toBe('quote_found_elsewhere');
      else {
        expect(c, quote).toMatchObject({ status: 'repaired', resolved_chunk_id: expected });
        repaired++;
      }
    }
    expect(repaired).toBeGreaterThan(quotes.length / 2);
  });
});
