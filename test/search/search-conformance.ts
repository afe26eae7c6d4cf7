import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { TokenChunker } from '../../src/chunk/token-chunker.js';
import { isCairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { parseFile } from '../../src/parse/parse-document.js';
import { deriveAnchor } from '../../src/pipeline/derive-anchor.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { proximityScores } from '../../src/search/proximity-rerank.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import { blockChunker, textDocument } from '../store/test-documents.js';

/** A fresh database per suite, with raw SQL access for what the store does not expose. */
export interface SearchFixture {
  open(): Promise<ChunkStore>;
  /** Rows of a raw statement; `{t}` stands for the store's schema prefix. */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Runs raw statements (separated by `;`), `{t}` as in `query`. */
  exec(sql: string): Promise<void>;
  /** The analyzer the backend's index is built with. */
  analyzer: string;
  /** Where traces go without a `trace_log` option. */
  default_trace_log: string | null;
  dispose(): Promise<void>;
}

const CHAPTERS = [
  'ch04-01-what-is-ownership.md',
  'ch04-02-references-and-borrowing.md',
  'ch06-01-defining-an-enum.md',
  'ch16-01-threads.md',
];

const HOSTILE = [
  'multi-agent',
  "don't",
  '"',
  'NEAR(',
  'a/b',
  'ownership AND NOT borrow*',
  '") OR 1=1; DROP TABLE chunks; --',
  'text:foo ^bar {baz} -qux',
  '\u0000\ud800 ÉCOLE naïve 🦀',
];

const tied = blockChunker('tiebreak@v1:00000000');

/** A hit's place in its document's reading order, which the reranker reads for neighbours and the payload does not carry. */
async function seqOf(store: ChunkStore, hit: SearchHit): Promise<number> {
  const [chunk] = await store.findChunks(hit.snippet_id, hit.chunker_id);
  return chunk!.seq;
}

const REQUIRED = [
  'doc_id',
  'section_id',
  'snippet_id',
  'source_url',
  'offsets',
  'tokens',
  'index_hash',
  'embed_model',
  'analyzer',
  'rev',
] as const;

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ');
}

function orderKey(hit: SearchHit): string {
  return `${hit.snippet_id} ${hit.score_norm} ${hit.k_pos} ${hit.k_final}`;
}

/** The search contract, run against each backend with real rustbook chapters. */
export function describeSearchConformance(
  name: string,
  makeFixture: () => Promise<SearchFixture>,
): void {
  describe(`search conformance: ${name}`, () => {
    let fixture: SearchFixture;
    let store: ChunkStore;
    let logDir: string;
    let log: string;

    beforeAll(async () => {
      fixture = await makeFixture();
      store = await fixture.open();
      logDir = mkdtempSync(join(tmpdir(), 'cairn-trace-'));
      log = join(logDir, 'traces.log');
      const summary = await ingestSources(store, CHAPTERS, {
        workers: 0,
        cwd: corpusPath('rustbook'),
      });
      expect(summary.failed).toBe(0);
    });

    afterAll(async () => {
      if (store) {
        expect(await store.check()).toEqual([]);
        await store.close();
      }
      await fixture?.dispose();
      if (logDir) rmSync(logDir, { recursive: true, force: true });
    });

    test('hits carry the full citation payload with exact code-point offsets', async () => {
      const result = await search(store, 'ownership rules scope', {
        trace_log: log,
        rerank: 'none',
      });
      expect(result.hits.length).toBe(10);
      expect(result.chunker_id).toBe(defaultChunkerRegistry().get('default').chunker_id);
      expect(result.analyzer).toBe(fixture.analyzer);
      const manifest = await store.getIndexManifest(result.index_hash);
      expect(manifest).toMatchObject({
        kind: 'lexical',
        chunker_id: result.chunker_id,
        analyzer: fixture.analyzer,
        embed_model: 'none',
      });
      const texts = new Map<string, string>();
      for (const hit of result.hits) {
        for (const field of REQUIRED) expect(hit[field]).toBeDefined();
        expect(hit.embed_model).toBe('none');
        expect(hit.analyzer).toBe(fixture.analyzer);
        expect(hit.index_hash).toBe(result.index_hash);
        expect(hit.offsets.unit).toBe('char');
        expect(hit.offsets.start).toBeLessThan(hit.offsets.end);
        expect(hit.tokens).toBeGreaterThan(0);
        expect(hit.window).toEqual({ pre: 0, post: 0 });
        expect(hit.rerank_score).toBeNull();
        expect(hit.score_norm).toBeGreaterThan(0);
        expect(hit.score_norm).toBeLessThanOrEqual(1);
        const document = (await store.getDocument(hit.doc_id))!;
        expect(document.source_url).toBe(hit.source_url);
        const version = (await store.getVersionText(document.current_version_id))!;
        expect(version.rev).toBe(hit.rev);
        const canonical = texts.get(hit.doc_id) ?? version.canonical;
        texts.set(hit.doc_id, canonical);
        const span = Array.from(canonical).slice(hit.offsets.start, hit.offsets.end).join('');
        expect(span).toBe(hit.text);
        const [stored] = await store.findChunks(hit.snippet_id, result.chunker_id);
        expect(stored!.text).toBe(span);
        expect(stored!.version_id).toBe(document.current_version_id);
        // seed 000's canonical fields: every chunk record carries them in the payload
        expect(hit.chunker_id).toBe(result.chunker_id);
        expect(hit.hash).toBe(`sha256:${createHash('sha256').update(hit.text).digest('hex')}`);
        expect(hit.block_type).toBe(stored!.block_type);
        expect(hit.anchor).toBe(deriveAnchor(hit.text));
        if (hit.anchor !== null) expect(collapse(hit.text)).toContain(hit.anchor.replace(/…$/, ''));
      }
      expect(result.hits.some((h) => h.block_type === 'paragraph' && h.anchor !== null)).toBe(true);
      expect(result.hits[0]!.score_norm).toBe(1);
      expect(result.hits.map((h) => h.k_final)).toEqual([...Array(10).keys()].map((i) => i + 1));
      expect(new Set(result.hits.map((h) => h.k_pos)).size).toBe(10);
      for (let i = 1; i < result.hits.length; i++) {
        const [a, b] = [result.hits[i - 1]!, result.hits[i]!];
        expect(a.score_norm).toBeGreaterThanOrEqual(b.score_norm);
        if (a.score_norm === b.score_norm) {
          expect(
            a.section_id < b.section_id ||
              (a.section_id === b.section_id && a.snippet_id < b.snippet_id),
          ).toBe(true);
        }
      }
      expect(result.hits.some((h) => /ownership/i.test(h.text))).toBe(true);
    });

    test("the proximity rerank reorders the engine's best 30 and says so in each hit", async () => {
      const query = 'ownership rules scope';
      const reranked = await search(store, query, { trace_log: log });
      const pool = await search(store, query, { trace_log: log, rerank: 'none', k: 30 });
      expect(reranked.hits.length).toBe(10);
      const engineOrder = new Map(pool.hits.map((h) => [h.snippet_id, h]));
      for (const hit of reranked.hits) {
        expect(hit.rerank_score).toBeGreaterThanOrEqual(0);
        expect(hit.rerank_score).toBeLessThanOrEqual(1);
        // the same candidates, scored the same by the engine, k_pos in its order
        expect(engineOrder.get(hit.snippet_id)).toMatchObject({
          score_raw: hit.score_raw,
          score_norm: hit.score_norm,
          k_pos: hit.k_pos,
        });
      }
      expect(reranked.hits.map((h) => h.k_final)).toEqual([...Array(10).keys()].map((i) => i + 1));
      expect(reranked.hits.map((h) => h.k_pos)).not.toEqual(reranked.hits.map((h) => h.k_final));
      for (let i = 1; i < reranked.hits.length; i++) {
        const [a, b] = [reranked.hits[i - 1]!, reranked.hits[i]!];
        expect(a.rerank_score!).toBeGreaterThanOrEqual(b.rerank_score!);
        if (a.rerank_score === b.rerank_score)
          expect(a.score_norm).toBeGreaterThanOrEqual(b.score_norm);
      }
      await expect(
        search(store, query, { trace_log: log, rerank: 'cross-encoder' as 'none' }),
      ).rejects.toSatisfy((error) => isCairnError(error, 'invalid_option'));
      // a k given as a string from JavaScript says so: "got 5" read as a valid k
      await expect(search(store, query, { k: '5' as unknown as number })).rejects.toThrow(
        'k must be a whole number from 1 to 1000, got "5"',
      );
    });

    test('each rerank_score is proximityScores over the same pool, its documents told apart by doc_id', async () => {
      // the signals read only the query and the candidates' text, documents, headings and places: both backends alike
      const query = 'ownership rules scope';
      const reranked = await search(store, query, { trace_log: log, k: 30 });
      const pool = await search(store, query, { trace_log: log, rerank: 'none', k: 30 });
      const documents = new Map<string, number>();
      for (const hit of pool.hits)
        if (!documents.has(hit.doc_id)) documents.set(hit.doc_id, documents.size + 1);
      expect(documents.size).toBeGreaterThan(1);
      const scores = proximityScores(
        { text: query, terms: pool.terms },
        await Promise.all(
          pool.hits.map(async (h) => ({
            text: h.text,
            score_norm: h.score_norm,
            document_id: documents.get(h.doc_id)!,
            heading_path: h.heading_path,
            seq: await seqOf(store, h),
          })),
        ),
      );
      const expected = new Map(pool.hits.map((h, i) => [h.snippet_id, scores[i]]));
      expect(reranked.hits).toHaveLength(pool.hits.length);
      for (const hit of reranked.hits) expect(hit.rerank_score).toBe(expected.get(hit.snippet_id));
    });

    test('hostile queries are text, never engine syntax, and never crash', async () => {
      for (const query of HOSTILE) {
        const result = await search(store, query, { k: 5, trace_log: log });
        expect(result.hits.length).toBeLessThanOrEqual(5);
      }
      expect((await search(store, '"', { trace_log: log })).hits).toEqual([]);
      expect((await search(store, 'NEAR(', { trace_log: log })).terms).toEqual(['near']);
      const multi = await search(store, 'multi-thread', { trace_log: log });
      expect(multi.terms).toEqual(['multi', 'thread']);
      expect(multi.hits.length).toBeGreaterThan(0);
      const long = 'ownership borrowing thread spawn enum variant '.repeat(230);
      expect(long.length).toBeGreaterThan(10_000);
      const big = await search(store, long, { trace_log: log });
      expect(big.hits.length).toBe(10);
      expect(big.terms).toEqual(['ownership', 'borrowing', 'thread', 'spawn', 'enum', 'variant']);
      for (const empty of ['', '   \n\t']) {
        await expect(search(store, empty, { trace_log: log })).rejects.toSatisfy((error) =>
          isCairnError(error, 'empty_query'),
        );
      }
    });

    test('the same query returns the same order every run', async () => {
      const runs = [];
      for (let i = 0; i < 3; i++) {
        runs.push((await search(store, 'thread spawn move closure', { trace_log: log })).hits);
      }
      expect(runs[0]!.length).toBeGreaterThan(0);
      expect(runs[1]!.map(orderKey)).toEqual(runs[0]!.map(orderKey));
      expect(runs[2]!.map(orderKey)).toEqual(runs[0]!.map(orderKey));
    });

    test('equal scores break ties by section_id, then snippet_id', async () => {
      const paragraph = 'Quagmire lanterns flicker over the marsh.';
      for (const uid of ['tie-b', 'tie-a', 'tie-c']) {
        await ensure(store, textDocument([paragraph, paragraph], { doc_uid: uid }), tied);
      }
      const result = await search(store, 'quagmire lanterns', {
        chunker: tied.chunker_id,
        trace_log: log,
      });
      expect(result.hits.length).toBe(6);
      expect(new Set(result.hits.map((h) => h.score_norm))).toEqual(new Set([1]));
      const ids = result.hits.map((h) => h.snippet_id);
      expect(ids).toEqual([...ids].sort());
      expect(result.hits.map((h) => h.k_final)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    test('doc and section filters narrow the hits', async () => {
      const doc = 'ch04-02-references-and-borrowing.md';
      const byDoc = await search(store, 'reference borrow', { doc, k: 50, trace_log: log });
      expect(byDoc.hits.length).toBeGreaterThan(0);
      for (const hit of byDoc.hits) expect(hit.source_url).toBe(doc);
      // a section id is a path of heading slugs: a hit's own, and its top section
      const section = byDoc.hits.find((h) => h.section_id.includes('/'))!.section_id;
      const top = section.split('/')[0]!;
      const bySection = await search(store, 'reference borrow', {
        doc,
        section: top,
        k: 50,
        trace_log: log,
      });
      expect(bySection.hits.length).toBeGreaterThan(0);
      for (const hit of bySection.hits) {
        expect(hit.section_id === top || hit.section_id.startsWith(`${top}/`)).toBe(true);
      }
      const exact = await search(store, 'reference borrow', { doc, section, trace_log: log });
      for (const hit of exact.hits) expect(hit.section_id.startsWith(section)).toBe(true);
      // the chunk ID's dot path still filters
      const [chunk] = await store.findChunks(exact.hits[0]!.snippet_id, exact.chunker_id);
      const byPath = await search(store, 'reference borrow', {
        doc,
        section: chunk!.section_id!,
        trace_log: log,
      });
      expect(byPath.hits.map((h) => h.snippet_id)).toEqual(exact.hits.map((h) => h.snippet_id));
      await expect(search(store, 'borrow', { section, trace_log: log })).rejects.toSatisfy(
        (error) => isCairnError(error, 'invalid_option'),
      );
      await expect(
        search(store, 'borrow', { doc: 'no/such/doc.md', trace_log: log }),
      ).rejects.toSatisfy((error) => isCairnError(error, 'document_not_found'));
    });

    test('a chunker the store has no chunks of is unknown_chunker; a name finds its stored set', async () => {
      for (const chunker of ['bogus', 'char', 'token@v1:00000000']) {
        await expect(search(store, 'ownership', { chunker, trace_log: log })).rejects.toSatisfy(
          (error) => isCairnError(error, 'unknown_chunker'),
        );
      }
      // late chunking with settings other than the defaults: the name still reaches that set
      const small = new TokenChunker({ max_chunk_tokens: 64, overlap_tokens: 8 });
      await ensure(store, await parseFile(corpusPath('rustbook', CHAPTERS[0]!)), small);
      const byName = await search(store, 'ownership', { chunker: 'token', trace_log: log });
      expect(byName.chunker_id).toBe(small.chunker_id);
      expect(byName.hits.length).toBeGreaterThan(0);
      expect(byName.hits.every((hit) => hit.tokens <= 64)).toBe(true);
    });

    test("another chunker's chunks change neither the scores nor the order of a search", async () => {
      const query = { rerank: 'none', trace_log: false } as const;
      const scores = (r: { hits: SearchHit[] }) =>
        r.hits.map((h) => `${h.snippet_id} ${h.score_raw}`);
      const before = await search(store, 'ownership borrow threads', query);
      // every chapter again in small token chunks: many more rows holding the query's words
      const other = new TokenChunker({ max_chunk_tokens: 32, overlap_tokens: 0 });
      for (const chapter of CHAPTERS) {
        await ensure(store, await parseFile(corpusPath('rustbook', chapter)), other);
      }
      const after = await search(store, 'ownership borrow threads', query);
      expect(scores(after)).toEqual(scores(before));
      const own = await search(store, 'ownership borrow threads', {
        ...query,
        chunker: other.chunker_id,
      });
      expect(own.hits.every((hit) => hit.tokens <= 32)).toBe(true);
    });

    test("the words of a chunker's name match no chunk: only the text is searched", async () => {
      const chunkerId = defaultChunkerRegistry().get('default').chunker_id;
      const hash = chunkerId.split(':').at(-1)!;
      // no text holds the hash, and the index holds no chunker's name
      const result = await search(store, hash, { trace_log: log });
      expect(result.chunker_id).toBe(chunkerId);
      expect(result.hits).toEqual([]);
    });

    test('hits of a JSON document name the string node they lie in', async () => {
      const file = corpusPath('ecfr-json', 'title-15-chapter-I.json');
      const doc = await parseFile(file, { doc_uid: 'json-search', chunk_threshold_chars: 200 });
      await ensure(store, doc, defaultChunkerRegistry().get('default'));
      const result = await search(store, 'export', { doc: doc.source_url, trace_log: log });
      expect(result.hits.length).toBeGreaterThan(0);
      for (const hit of result.hits) {
        const node = doc.json_nodes.find((n) => n.json_pointer === hit.json_pointer);
        expect(node, hit.json_pointer).toBeDefined();
        expect(hit.offsets.start).toBeGreaterThanOrEqual(node!.span.start);
        expect(hit.offsets.end).toBeLessThanOrEqual(node!.span.end);
        const codePoints = [...doc.canonical];
        expect(codePoints.slice(hit.offsets.start, hit.offsets.end).join('')).toBe(hit.text);
        // seed 004: offsets within the node's own string, beside the canonical ones
        const nodeText = codePoints.slice(node!.span.start, node!.span.end);
        expect(nodeText.slice(hit.node_start, hit.node_end).join('')).toBe(hit.text);
        expect(hit.node_start).toBe(hit.offsets.start - node!.span.start);
        expect(hit.block_type).toBe('json_string');
      }
      const markdown = await search(store, 'ownership', { doc: CHAPTERS[0]!, trace_log: log });
      expect(markdown.hits.length).toBeGreaterThan(0);
      expect(markdown.hits.every((hit) => !('json_pointer' in hit))).toBe(true);
      expect(markdown.hits.every((hit) => !('node_start' in hit) && !('node_end' in hit))).toBe(
        true,
      );
    });

    test('a caller pinning another analyzer or index hash fails fast', async () => {
      const live = await search(store, 'ownership', { trace_log: log });
      const pinned = await search(store, 'ownership', {
        analyzer: live.analyzer,
        index_hash: live.index_hash,
        trace_log: log,
      });
      expect(pinned.hits.map(orderKey)).toEqual(live.hits.map(orderKey));
      await expect(
        search(store, 'ownership', { analyzer: 'lowercase+ascii_fold', trace_log: log }),
      ).rejects.toSatisfy((error) => isCairnError(error, 'analyzer_mismatch'));
      await expect(
        search(store, 'ownership', { index_hash: 'lex:0000', trace_log: log }),
      ).rejects.toSatisfy((error) => isCairnError(error, 'mismatch_index_hash'));
    });

    test('each search writes one rag_traces row and one log line', async () => {
      const qid = `q-trace-${name.toLowerCase()}`;
      const before = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
      const result = await search(store, 'enum variant', { qid, trace_log: log });
      const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      expect(lines.length).toBe(before + 1);
      const line = lines.at(-1)!;
      expect(line).toMatch(
        new RegExp(
          `^ts=\\S+ qid=${qid} seg=1 deltaS=-1 lambda=unmeasured k=10 store=${store.dialect} index_hash=${result.index_hash} embed=none `,
        ),
      );
      expect(line).toContain(`citations=[${result.hits.map((h) => h.snippet_id).join(',')}]`);
      expect(line).toContain(`kpos=[${result.hits.map((h) => h.k_pos).join(',')}]`);
      expect(line).toContain(`rev=${result.hits[0]!.rev}`);
      const rows = await fixture.query<Record<string, unknown>>(
        `SELECT * FROM {t}rag_traces WHERE qid = '${qid}'`,
      );
      expect(rows.length).toBe(1);
      const row = rows[0]!;
      const parse = (value: unknown): unknown =>
        typeof value === 'string' ? JSON.parse(value) : value;
      expect(parse(row.citations)).toEqual(result.hits.map((h) => h.snippet_id));
      expect(parse(row.kfinal)).toEqual(result.hits.map((h) => h.k_final));
      expect(row).toMatchObject({
        seg: 1,
        store: store.dialect,
        index_hash: result.index_hash,
        embed_model: 'none',
        analyzer: fixture.analyzer,
      });
      // without the option, the trace goes beside a SQLite file and nowhere for PostgreSQL
      const plain = await search(store, 'enum', { qid: `${qid}-default` });
      expect(plain.trace_log).toBe(fixture.default_trace_log);
      if (fixture.default_trace_log !== null) {
        expect(readFileSync(fixture.default_trace_log, 'utf8')).toContain(`qid=${qid}-default `);
      }
      const none = await search(store, 'enum', { qid: `${qid}-none`, trace_log: false });
      expect(none.trace_log).toBeNull();
      expect(
        await fixture.query(`SELECT qid FROM {t}rag_traces WHERE qid LIKE '${qid}-%'`),
      ).toHaveLength(2);
    });

    test('a trace log that cannot be written does not fail the search: a trace_log_unwritable warning, after the row is written', async () => {
      const qid = `q-unwritable-${name.toLowerCase()}`;
      // a folder, and a path under a file: EISDIR and ENOTDIR, not a raw Node error
      for (const [path, errno] of [
        [logDir, 'EISDIR'],
        [join(log, 'under-a-file.log'), 'ENOTDIR'],
      ] as const) {
        const result = await search(store, 'ownership', { qid, trace_log: path });
        expect(result.hits.length).toBeGreaterThan(0);
        expect(result.traced).toBe(true);
        expect(result.trace_warning?.code).toBe('trace_log_unwritable');
        expect(result.trace_warning?.message).toContain(errno);
      }
      expect(
        await fixture.query(`SELECT qid FROM {t}rag_traces WHERE qid = '${qid}'`),
      ).toHaveLength(2);
    });

    test('a NUL in doc, section, chunker or qid is invalid_option on both backends', async () => {
      for (const option of ['doc', 'section', 'chunker', 'qid'] as const) {
        await expect(
          search(store, 'ownership', { [option]: 'ch04\u00001', trace_log: log }),
        ).rejects.toSatisfy(
          (error) => isCairnError(error, 'invalid_option') && error.details.option === option,
        );
      }
      // the query itself is only split into words: a NUL there separates them
      const result = await search(store, 'owner\u0000ship', { trace_log: log });
      expect(result.terms).toEqual(['owner', 'ship']);
    });

    test('re-ingest updates the index: the old version is not found, the new one is', async () => {
      const uid = 'reingest';
      await ensure(
        store,
        textDocument(['Zanzibar quokkas hop.', 'Shared tail.'], { doc_uid: uid }),
        tied,
      );
      const first = await search(store, 'zanzibar', { chunker: tied.chunker_id, trace_log: log });
      expect(first.hits.map((h) => h.doc_id)).toEqual([uid]);
      await ensure(
        store,
        textDocument(['Xylophone quokkas hop.', 'Shared tail.'], { doc_uid: uid }),
        tied,
      );
      const gone = await search(store, 'zanzibar', { chunker: tied.chunker_id, trace_log: log });
      expect(gone.hits).toEqual([]);
      expect(gone.index_hash).not.toBe(first.index_hash);
      const now = await search(store, 'xylophone quokkas', {
        chunker: tied.chunker_id,
        trace_log: log,
      });
      const document = (await store.getDocument(uid))!;
      expect(now.hits.map((h) => h.doc_id)).toEqual([uid]);
      const [chunk] = await store.findChunks(now.hits[0]!.snippet_id, tied.chunker_id);
      expect(chunk!.version_id).toBe(document.current_version_id);
      await expect(
        search(store, 'quokkas', { chunker: tied.chunker_id, index_hash: first.index_hash }),
      ).rejects.toSatisfy((error) => isCairnError(error, 'mismatch_index_hash'));
    });

    test('a search after a write reranks the changed chunks from their new text (the word groups remembered per text go stale never)', async () => {
      const uid = 'rerank-after-write';
      const query = 'herons wade reeds';
      const searchIt = () =>
        search(store, query, { chunker: tied.chunker_id, doc: uid, k: 2, trace_log: false });
      const far = 'Herons wade ashore, far from any of the tall reeds here.';
      const near = 'Quiet herons wade reeds by the shore at dusk.';
      await ensure(store, textDocument([far, 'Herons.'], { doc_uid: uid }), tied);
      const before = await searchIt();
      expect(before.hits.map((h) => h.text)).toEqual([far, 'Herons.']);
      await ensure(store, textDocument([near, 'Herons.'], { doc_uid: uid }), tied);
      const after = await searchIt();
      expect(after.hits.map((h) => h.text)).toEqual([near, 'Herons.']);
      // the phrase "wade reeds" now stands in the first chunk: its score rises, computed from its new text
      expect(after.hits[0]!.rerank_score).toBeGreaterThan(before.hits[0]!.rerank_score!);
      const fresh = proximityScores(
        { text: query, terms: after.terms },
        await Promise.all(
          after.hits.map(async (h) => ({
            text: h.text,
            score_norm: h.score_norm,
            document_id: 1,
            heading_path: h.heading_path,
            seq: await seqOf(store, h),
          })),
        ),
      );
      expect(after.hits.map((h) => h.rerank_score)).toEqual(fresh);
    });

    test('a rare term outweighs a common one repeated (inverse document frequency)', async () => {
      const uid = 'idf-probe';
      const filler = Array.from({ length: 20 }, (_, i) => `Lanterns glow over marsh number ${i}.`);
      await ensure(
        store,
        textDocument(['Lanterns lanterns lanterns glow.', 'Pelicans rest.', ...filler], {
          doc_uid: uid,
        }),
        tied,
      );
      const result = await search(store, 'lanterns pelicans', {
        chunker: tied.chunker_id,
        doc: uid,
        trace_log: false,
      });
      // a ranker without idf puts the thrice-repeated common word first
      expect(result.hits[0]!.text).toBe('Pelicans rest.');
      expect(result.hits[1]!.text).toBe('Lanterns lanterns lanterns glow.');
    });

    describe('several queries, one ranking', () => {
      const uid = 'fusion-probe';
      const GOLD = 'The harbour pilot signs the manifest when the tide turns.';
      const QUERIES = ['pilot', 'manifest', 'tide'];
      const options = { chunker: tied.chunker_id, doc: uid, trace_log: false } as const;

      beforeAll(async () => {
        // each word's own paragraphs outrank the one paragraph that holds all three
        const decoys = QUERIES.flatMap((word) => {
          const w = word[0]!.toUpperCase() + word.slice(1);
          return [`${w} ${word} ${word}.`, `${w} ${word} boats.`, `${w} boats.`];
        });
        const filler = Array.from({ length: 12 }, (_, i) => `Gulls circle the quay number ${i}.`);
        await ensure(store, textDocument([...decoys, GOLD, ...filler], { doc_uid: uid }), tied);
      });

      test('a chunk each query ranks fourth comes first in the fused ranking', async () => {
        for (const query of QUERIES) {
          const single = await search(store, query, options);
          expect(single.hits.map((h) => h.text).indexOf(GOLD)).toBe(3);
        }
        const fused = await search(store, { queries: QUERIES }, options);
        expect(fused.hits[0]!.text).toBe(GOLD);
        expect(fused.hits[0]!.queries).toEqual([
          { index: 0, rank: 4 },
          { index: 1, rank: 4 },
          { index: 2, rank: 4 },
        ]);
        expect(fused.queries).toEqual(QUERIES);
        expect(fused.hits.map((h) => h.k_final)).toEqual(fused.hits.map((_, i) => i + 1));
        // every hit names the queries that found it and where each did
        for (const hit of fused.hits) {
          for (const { index, rank } of hit.queries!) {
            const alone = await search(store, QUERIES[index]!, options);
            expect(alone.hits[rank - 1]!.snippet_id).toBe(hit.snippet_id);
          }
        }
      });

      test("a query that finds nothing leaves the others' ranking as it was", async () => {
        const alone = await search(store, 'ownership rules scope', { k: 20, trace_log: false });
        const fused = await search(
          store,
          { queries: ['ownership rules scope', 'zeppelinqwx'] },
          { k: 20, trace_log: false },
        );
        expect(alone.hits.length).toBe(20);
        expect(fused.hits.map((h) => h.snippet_id)).toEqual(alone.hits.map((h) => h.snippet_id));
        expect(fused.hits.map((h) => h.queries)).toEqual(
          alone.hits.map((h) => [{ index: 0, rank: h.k_final }]),
        );
        // the citation payload is the same apart from the fused scores
        expect(fused.hits[0]).toMatchObject({
          doc_id: alone.hits[0]!.doc_id,
          offsets: alone.hits[0]!.offsets,
          index_hash: alone.hits[0]!.index_hash,
          analyzer: alone.hits[0]!.analyzer,
        });
      });

      test('the trace records every query and where each found each hit', async () => {
        const qid = `q-fused-${name.toLowerCase()}`;
        const result = await search(
          store,
          { queries: QUERIES },
          { ...options, qid, trace_log: log },
        );
        const line = readFileSync(log, 'utf8').split('\n').filter(Boolean).at(-1)!;
        expect(line).toContain(`qid=${qid} `);
        expect(line).toContain('queries=["pilot","manifest","tide"]');
        expect(line).toContain('qranks=[q0:4/q1:4/q2:4,');
        const [row] = await fixture.query<{ kpos: unknown }>(
          `SELECT kpos FROM {t}rag_traces WHERE qid = '${qid}'`,
        );
        const kpos = typeof row!.kpos === 'string' ? JSON.parse(row!.kpos) : row!.kpos;
        expect(kpos[0]).toEqual({ k_pos: result.hits[0]!.k_pos, queries: result.hits[0]!.queries });
      });

      test('no queries, a blank one or a non-string one is refused with a code', async () => {
        await expect(search(store, { queries: [] }, options)).rejects.toSatisfy((e) =>
          isCairnError(e, 'empty_query'),
        );
        await expect(search(store, { queries: ['pilot', ' '] }, options)).rejects.toSatisfy((e) =>
          isCairnError(e, 'empty_query'),
        );
        await expect(
          search(store, { queries: ['pilot', 3 as unknown as string] }, options),
        ).rejects.toSatisfy((e) => isCairnError(e, 'invalid_option'));
        await expect(
          search(store, { queries: Array.from({ length: 17 }, () => 'pilot') }, options),
        ).rejects.toSatisfy((e) => isCairnError(e, 'invalid_option'));
      });
    });
  });
}
