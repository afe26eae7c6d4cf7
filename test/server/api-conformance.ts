import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPrompt } from '../../src/prompt/build-prompt.js';
import { search } from '../../src/search/search.js';
import type { ChunkStore } from '../../src/store/types.js';
import { documentResponse, searchResultResponse } from '../prompt/anthropic-response.js';
import {
  type ApiFixture,
  buildApiFixture,
  CHAPTERS,
  call,
  codePointSlice,
  EDITED,
  type JsonBody,
  REPLACED,
} from './support/api-fixture.js';
import { schemaOf } from './support/schema-of.js';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Words of one line of a chunk, as a provider's cited_text gives them: verbatim. */
function verbatimWords(text: string, n: number): string {
  const line = text.split('\n').find((l) => l.trim().split(/\s+/u).length > n)!;
  return line.trim().split(' ').slice(0, n).join(' ');
}

/** Every read route of the HTTP API against one backend, on real rustbook chapters. */
export function describeApiConformance(name: string, open: () => Promise<ChunkStore>): void {
  describe(`HTTP API: ${name}`, () => {
    let f: ApiFixture;

    beforeAll(async () => {
      f = await buildApiFixture(await open());
    });
    afterAll(async () => {
      await f?.dispose();
    });

    test('GET /health names the store', async () => {
      const { status, body } = await call(f.app, '/health');
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'ok', store: f.store.dialect });
    });

    test('GET /api/documents pages, and clamps limit and offset instead of obeying them', async () => {
      const all = await call(f.app, '/api/documents');
      expect(all.status).toBe(200);
      expect(all.body.items.map((d: { source_url: string }) => d.source_url).sort()).toEqual(
        [...CHAPTERS, EDITED, REPLACED].sort(),
      );
      expect(schemaOf('DocumentSummary')(all.body.items[0])).toEqual([]);
      const first = await call(f.app, '/api/documents?limit=1');
      expect(first.body).toMatchObject({ limit: 1, offset: 0, next_offset: 1 });
      expect(first.body.items).toHaveLength(1);
      const second = await call(f.app, '/api/documents?limit=1&offset=1');
      expect(second.body.items[0].doc_uid).not.toBe(first.body.items[0].doc_uid);
      const last = await call(f.app, '/api/documents?limit=2&offset=4');
      expect(last.body.next_offset).toBeNull();
      const huge = await call(f.app, '/api/documents?limit=1e9&offset=-5');
      expect(huge.status).toBe(200);
      expect(huge.body).toMatchObject({ limit: 500, offset: 0 });
      const bad = await call(f.app, '/api/documents?limit=many');
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_option');
    });

    test('GET /api/documents/:doc gives the canonical text, and every chunk span holds its chunk', async () => {
      const listed = (await call(f.app, '/api/documents')).body.items.find(
        (d: { source_url: string }) => d.source_url === CHAPTERS[0],
      );
      const { status, body } = await call(f.app, `/api/documents/${listed.doc_uid}`);
      expect(status).toBe(200);
      expect(schemaOf('DocumentView')(body)).toEqual([]);
      expect(Array.from(body.text as string)).toHaveLength(body.version.length);
      expect(body.sections.length).toBeGreaterThan(1);
      expect(body.chunks.length).toBeGreaterThan(5);
      const version = await f.store.getVersionText(
        (await f.store.getDocument(listed.doc_uid))!.current_version_id,
      );
      const stored = await f.store.listChunks(version!.id, body.chunker_id);
      expect(body.chunks.map((c: { chunk_id: string }) => c.chunk_id)).toEqual(
        stored.map((c) => c.chunk_id),
      );
      for (const chunk of body.chunks) {
        const row = stored.find((c) => c.chunk_id === chunk.chunk_id)!;
        expect(codePointSlice(body.text, chunk.start, chunk.end)).toBe(row.text);
      }
      // the source_url as ingested names the same document
      const bySource = await call(f.app, `/api/documents/${encodeURIComponent(CHAPTERS[0]!)}`);
      expect(bySource.body.document.doc_uid).toBe(listed.doc_uid);
      const missing = await call(f.app, '/api/documents/ffffffff');
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('document_not_found');
      const noChunker = await call(
        f.app,
        `/api/documents/${listed.doc_uid}?chunker=char@v9:00000000`,
      );
      expect(noChunker.status).toBe(404);
    });

    test('GET /api/chunks/:id: live, redirected (saying so), deleted, unknown and malformed IDs', async () => {
      const doc = (await call(f.app, `/api/documents/${encodeURIComponent(CHAPTERS[1]!)}`)).body;
      const target = doc.chunks[3];
      const live = await call(f.app, `/api/chunks/${encodeURIComponent(target.chunk_id)}`);
      expect(live.status).toBe(200);
      expect(schemaOf('ResolvedChunk')(live.body)).toEqual([]);
      expect(live.body).toMatchObject({
        status: 'live',
        redirected: false,
        hops: [],
        chunk_id: target.chunk_id,
      });
      expect(live.body.chunk.text).toBe(codePointSlice(doc.text, target.start, target.end));

      let redirected = 0;
      let gone = 0;
      for (const id of [...f.retired, ...f.replaced]) {
        const r = await call(f.app, `/api/chunks/${encodeURIComponent(id)}`);
        if (r.status === 200) {
          redirected++;
          expect(r.body.redirected).toBe(true);
          expect(r.body.requested).toBe(id);
          expect(r.body.hops[0].from).toBe(id);
          expect(r.body.hops.at(-1).to).toBe(r.body.chunk_id);
          expect(r.body.chunk_id).not.toBe(id);
        } else {
          gone++;
          expect(r.status).toBe(410);
          expect(schemaOf('GoneChunk')(r.body)).toEqual([]);
          expect(['deleted', 'superseded']).toContain(r.body.status);
        }
      }
      expect(redirected).toBeGreaterThan(0);
      expect(gone).toBeGreaterThan(0);

      const unknown = target.chunk_id.replace(/\|b=[^|]+$/, '|b=999');
      const missing = await call(f.app, `/api/chunks/${encodeURIComponent(unknown)}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('chunk_not_found');
      for (const bad of [
        'nonsense',
        'a|b|c',
        `${target.chunk_id}|extra`,
        '%00',
        'x'.repeat(5000),
      ]) {
        const r = await call(f.app, `/api/chunks/${encodeURIComponent(bad)}`);
        expect([r.status, r.body.error.code]).toEqual([400, 'malformed_chunk_id']);
      }
    });

    test('a NUL in a URL path or parameter (the search text aside) is 400 invalid_option, alike on both backends', async () => {
      for (const url of [
        '/api/documents/%00',
        '/api/documents/a%00b/versions/1/source',
        '/api/traces?qid=%00',
        '/api/search?q=ownership&chunker=%00',
        '/api/chunks/%00',
      ]) {
        const r = await call(f.app, url);
        expect([r.status, r.body.error.code], url).toEqual([400, 'invalid_option']);
      }
    });

    test('GET and POST /api/search: hits carry the citation contract, as the OpenAPI document says', async () => {
      const got = await call(f.app, '/api/search?q=ownership%20borrow%20reference&k=5');
      expect(got.status).toBe(200);
      expect(schemaOf('SearchResult')(got.body)).toEqual([]);
      expect(got.body.hits.length).toBeGreaterThan(0);
      expect(got.body.hits.length).toBeLessThanOrEqual(5);
      expect(got.body).not.toHaveProperty('trace_log');
      for (const hit of got.body.hits) {
        const chunk = await call(f.app, `/api/chunks/${encodeURIComponent(hit.snippet_id)}`);
        expect(chunk.body.chunk.text).toBe(hit.text);
        // seed 000's canonical fields, alike in the hit and the chunk route
        expect(hit.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(hit.chunker_id).toBe(got.body.chunker_id);
        expect(chunk.body.chunk).toMatchObject({
          chunker_id: hit.chunker_id,
          hash: hit.hash,
          block_type: hit.block_type,
          anchor: hit.anchor,
        });
        expect([chunk.body.chunk.start, chunk.body.chunk.end]).toEqual([
          hit.offsets.start,
          hit.offsets.end,
        ]);
      }
      const posted = await call(
        f.app,
        '/api/search',
        json({ query: 'ownership borrow reference', k: 5 }),
      );
      expect(posted.status).toBe(200);
      expect(posted.body.hits.map((h: { snippet_id: string }) => h.snippet_id)).toEqual(
        got.body.hits.map((h: { snippet_id: string }) => h.snippet_id),
      );
      const scoped = await call(
        f.app,
        `/api/search?q=borrow&doc=${encodeURIComponent(CHAPTERS[1]!)}`,
      );
      expect(new Set(scoped.body.hits.map((h: { source_url: string }) => h.source_url))).toEqual(
        new Set([CHAPTERS[1]]),
      );
    });

    test('q repeated and "queries" fuse several phrasings into one ranking, as the OpenAPI document says', async () => {
      const got = await call(f.app, '/api/search?q=ownership%20rules&q=mutable%20reference&k=5');
      expect(got.status).toBe(200);
      expect(schemaOf('SearchResult')(got.body)).toEqual([]);
      expect(got.body.queries).toEqual(['ownership rules', 'mutable reference']);
      const found = new Set(
        got.body.hits.flatMap((h: { queries: { index: number }[] }) =>
          h.queries.map((q) => q.index),
        ),
      );
      expect(found).toEqual(new Set([0, 1]));
      const posted = await call(
        f.app,
        '/api/search',
        json({ queries: ['ownership rules', 'mutable reference'], k: 5 }),
      );
      expect(posted.body.hits.map((h: { snippet_id: string }) => h.snippet_id)).toEqual(
        got.body.hits.map((h: { snippet_id: string }) => h.snippet_id),
      );
      // one q is a plain search, as before
      const one = await call(f.app, '/api/search?q=ownership%20rules&k=5');
      expect(one.body).not.toHaveProperty('queries');
      const both = await call(f.app, '/api/search', json({ query: 'a', queries: ['b'] }));
      expect([both.status, both.body.error.code]).toEqual([400, 'invalid_option']);
      const blank = await call(f.app, '/api/search', json({ queries: ['ownership', ' '] }));
      expect([blank.status, blank.body.error.code]).toEqual([400, 'empty_query']);
      const long = await call(
        f.app,
        '/api/search',
        json({ queries: ['ownership', 'a'.repeat(4097)] }),
      );
      expect([long.status, long.body.error.code]).toEqual([400, 'invalid_option']);
    });

    test('rerank= picks the order: proximity by default, none for the engine order, anything else 400', async () => {
      const q = '/api/search?q=ownership%20borrow%20reference&k=5';
      const reranked = await call(f.app, q);
      expect(
        reranked.body.hits.every(
          (h: { rerank_score: unknown }) => typeof h.rerank_score === 'number',
        ),
      ).toBe(true);
      const engine = await call(f.app, `${q}&rerank=none`);
      expect(engine.status).toBe(200);
      expect(schemaOf('SearchResult')(engine.body)).toEqual([]);
      expect(engine.body.hits.map((h: { rerank_score: unknown }) => h.rerank_score)).toEqual(
        engine.body.hits.map(() => null),
      );
      const posted = await call(f.app, '/api/search', json({ query: 'ownership', rerank: 'none' }));
      expect(posted.body.hits[0].rerank_score).toBeNull();
      const bad = await call(f.app, `${q}&rerank=cross-encoder`);
      expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_option']);
    });

    test('hostile search queries are plain words: answered or refused with a code, the store untouched', async () => {
      const before = await f.store.counts();
      const hostile = [
        "'; DROP TABLE chunks; --",
        '"unterminated',
        'NEAR(ownership borrow)',
        'ownership OR 1=1',
        '* AND NOT ^',
        'chunks_fts MATCH ownership',
        'ownership\u0000borrow',
        '\u202Eownership\u200B',
        'ownership) UNION SELECT * FROM documents --',
        '$1 $2 ::text',
      ];
      for (const q of hostile) {
        const r = await call(f.app, `/api/search?q=${encodeURIComponent(q)}`);
        expect(r.status, q).toBe(200);
        expect(Array.isArray(r.body.hits)).toBe(true);
      }
      const blank = await call(f.app, '/api/search?q=%20%20');
      expect([blank.status, blank.body.error.code]).toEqual([400, 'empty_query']);
      const none = await call(f.app, '/api/search');
      expect([none.status, none.body.error.code]).toEqual([400, 'empty_query']);
      const long = await call(f.app, `/api/search?q=${'a'.repeat(4097)}`);
      expect([long.status, long.body.error.code]).toEqual([400, 'invalid_option']);
      const k = await call(f.app, '/api/search?q=ownership&k=1e9');
      expect(k.status).toBe(200);
      expect(k.body.hits.length).toBeLessThanOrEqual(100);
      const kBad = await call(f.app, '/api/search?q=ownership&k=lots');
      expect([kBad.status, kBad.body.error.code]).toEqual([400, 'invalid_option']);
      const notObject = await call(f.app, '/api/search', json(['ownership']));
      expect([notObject.status, notObject.body.error.code]).toEqual([400, 'invalid_option']);
      const pinned = await call(f.app, '/api/search?q=ownership&index_hash=lex:0000');
      expect([pinned.status, pinned.body.error.code]).toEqual([409, 'mismatch_index_hash']);
      const after = await f.store.counts();
      expect(after).toEqual(before);
    });

    test('POST /api/validate/citations: search hits verify; a fabricated one is 422 with its reason', async () => {
      const hits = (await call(f.app, '/api/search?q=ownership%20borrow&k=3')).body.hits;
      const payload = hits.map(
        ({ text: _t, heading_path: _h, ...citation }: Record<string, unknown>) => citation,
      );
      const good = await call(
        f.app,
        '/api/validate/citations?allow_cross_section=1',
        json(payload),
      );
      expect(good.status).toBe(200);
      expect(schemaOf('ValidationReport')(good.body)).toEqual([]);
      expect(good.body.citations.map((c: { status: string }) => c.status)).toEqual(
        payload.map(() => 'verified'),
      );
      const fabricated = {
        ...payload[0],
        snippet_id: payload[0].snippet_id.replace(/\|b=[^|]+$/, '|b=998'),
      };
      const bad = await call(f.app, '/api/validate/citations', json([fabricated]));
      expect(bad.status).toBe(422);
      expect(bad.body.citations[0]).toMatchObject({
        status: 'unverified',
        reason: 'snippet_not_found',
      });
      expect(bad.body.issues.map((i: { code: string }) => i.code)).toContain('citation_unverified');
      const duplicate = await call(f.app, '/api/validate/citations', {
        method: 'POST',
        body: '{"citations": [], "citations": []}',
      });
      expect(duplicate.status).toBe(422);
      expect(duplicate.body.issues.map((i: { code: string }) => i.code)).toContain('duplicate_key');
    });

    test('POST /api/validate/*: a body that is not JSON at all is a 400 error, as on every route; JSON breaking the rules stays 422 with issues', async () => {
      for (const route of ['/api/validate/citations', '/api/validate/answer']) {
        const post = (body: string | Uint8Array) => call(f.app, route, { method: 'POST', body });
        const broken = await post('{"citations": [');
        expect([broken.status, broken.body.error.code], route).toEqual([400, 'malformed_json']);
        expect(broken.body.error.details).toMatchObject({ line: 1, column: 16 });
        const empty = await post('');
        expect([empty.status, empty.body.error.code], route).toEqual([400, 'malformed_json']);
        const latin1 = await post(new Uint8Array([0x7b, 0xff, 0x7d]));
        expect([latin1.status, latin1.body.error.code], route).toEqual([400, 'invalid_utf8']);
        const duplicate = await post('{"citations": [], "citations": []}');
        expect(duplicate.status, route).toBe(422);
        expect(duplicate.body.issues.map((i: { code: string }) => i.code)).toContain(
          'duplicate_key',
        );
      }
    });

    test('POST /api/validate/answer honours ranked=, as the citations route does: citations out of rank order are bad_order', async () => {
      const hits = (await call(f.app, '/api/search?q=ownership%20borrow%20reference&k=2')).body
        .hits;
      expect(hits).toHaveLength(2);
      const cited = hits.map(
        ({ text, heading_path: _h, ...citation }: Record<string, unknown>) => ({
          ...citation,
          quote: String(text).split(/\s+/u).filter(Boolean).slice(1, 6).join(' '),
        }),
      );
      const answer = { citations: [cited[1], cited[0]], answer: 'Both, in the wrong order.' };
      const codes = (r: { body: JsonBody }) => r.body.issues.map((i: { code: string }) => i.code);
      const unranked = await call(
        f.app,
        '/api/validate/answer?allow_cross_section=1',
        json(answer),
      );
      expect(codes(unranked)).not.toContain('bad_order');
      const ranked = await call(
        f.app,
        '/api/validate/answer?allow_cross_section=1&ranked=1',
        json(answer),
      );
      expect(ranked.status).toBe(422);
      expect(codes(ranked)).toContain('bad_order');
      const inOrder = await call(
        f.app,
        '/api/validate/answer?allow_cross_section=1&ranked=1',
        json({ ...answer, citations: cited }),
      );
      expect(codes(inOrder)).not.toContain('bad_order');
    });

    test('POST /api/validate/answer: one good and one fabricated citation, each with its verdict and a trace', async () => {
      const hit = (await call(f.app, '/api/search?q=ownership%20rules&k=1')).body.hits[0];
      const { text, heading_path: _h, ...citation } = hit;
      const quote = text.split(/\s+/u).filter(Boolean).slice(1, 8).join(' ');
      const answer = {
        citations: [
          { ...citation, quote },
          { ...citation, quote: 'Rust frees every value twice to be safe.' },
        ],
        answer: 'Half of this is true.',
        ΔS: 0.2,
        λ: 'convergent',
      };
      const r = await call(f.app, '/api/validate/answer', json(answer));
      expect(r.status).toBe(422);
      expect(
        r.body.citations.map((c: { status: string; reason: string | null }) => [
          c.status,
          c.reason,
        ]),
      ).toEqual([
        ['verified', null],
        ['unverified', 'quote_not_found'],
      ]);
      const traces = await call(f.app, '/api/traces?limit=5');
      expect(traces.status).toBe(200);
      expect(traces.body.items.length).toBeGreaterThan(0);
      expect(traces.body.items[0].citations).toContain(hit.snippet_id);
      // the answer names the trace it wrote, and /api/traces finds it by that qid
      expect(schemaOf('ValidationReport')(r.body)).toEqual([]);
      expect(r.body.trace_qids).toEqual([r.body.qid]);
      const mine = await call(f.app, `/api/traces?qid=${encodeURIComponent(r.body.qid)}`);
      expect(mine.body.items).toHaveLength(1);
      expect(mine.body.items[0].citations).toContain(hit.snippet_id);

      const segmented = await call(
        f.app,
        '/api/validate/answer',
        json({
          segments: [
            { citations: [{ ...citation, quote }], text: 'First.' },
            { citations: [{ ...citation, quote }], text: 'Second.' },
          ],
          ΔS: 0.37,
          λ: 'convergent',
        }),
      );
      // seed 001: a line per segment under the answer's one qid, seg 1 and 2, with its ΔS and λ
      expect(segmented.body.trace_qids).toEqual([segmented.body.qid]);
      const rows = await call(f.app, `/api/traces?qid=${encodeURIComponent(segmented.body.qid)}`);
      expect(
        rows.body.items
          .map((row: { seg: number; deltaS: number; lambda_state: string }) => [
            row.seg,
            row.deltaS,
            row.lambda_state,
          ])
          .sort(),
      ).toEqual([
        [1, 0.37, 'convergent'],
        [2, 0.37, 'convergent'],
      ]);
    });

    test('POST /api/audit: an Anthropic answer to cairn prompt, each citation with its verdict and its quote located', async () => {
      const hits = (await search(f.store, 'ownership borrow reference', { k: 3, trace_log: false }))
        .hits;
      const request = buildPrompt(hits, 'What do references borrow?', {
        style: 'anthropic-search-results',
      }).body;
      const quote = verbatimWords(hits[0]!.text, 8);
      const response = searchResultResponse(request, [
        { text: 'A verified claim.', source: 0, cited_text: quote },
        {
          text: 'A fabricated one.',
          source: 1,
          cited_text: 'Rust lets two owners free the same value twice at once.',
        },
      ]);
      const audited = await call(f.app, '/api/audit', json({ answer: response, request }));
      expect(audited.status).toBe(422);
      expect(schemaOf('AuditReport')(audited.body)).toEqual([]);
      expect(audited.body).toMatchObject({ format: 'anthropic', ok: false });
      expect(
        audited.body.citations.map((c: Record<string, unknown>) => [c.status, c.code, c.chunk_id]),
      ).toEqual([
        ['verified', 'quote_verified', hits[0]!.snippet_id],
        ['unverified', 'quote_not_found', hits[1]!.snippet_id],
      ]);
      const located = audited.body.citations[0].quote;
      expect(located.status).toBe('exact');
      expect(
        codePointSlice(audited.body.citations[0].passage.text, located.start, located.end),
      ).toBe(quote);
      // the answer as text, fenced or not, and format pinned: the same verdicts
      const asText = await call(
        f.app,
        '/api/audit',
        json({
          answer: `\`\`\`json\n${JSON.stringify(response)}\n\`\`\``,
          format: 'anthropic',
          request: JSON.stringify(request),
        }),
      );
      expect(asText.body.citations.map((c: { code: string }) => c.code)).toEqual([
        'quote_verified',
        'quote_not_found',
      ]);
      // documents: char_location into the chunk's text, mapped by the request's titles
      const docs = buildPrompt(hits, 'What do references borrow?', {
        style: 'anthropic-documents',
      }).body;
      const good = await call(
        f.app,
        '/api/audit',
        json({
          answer: documentResponse(docs, [
            { text: 'Claim.', source: 2, cited_text: verbatimWords(hits[2]!.text, 7) },
          ]),
          request: docs,
        }),
      );
      expect(good.status).toBe(200);
      expect(good.body).toMatchObject({
        ok: true,
        citations: [{ status: 'verified', chunk_id: hits[2]!.snippet_id }],
      });
    });

    test('POST /api/audit refuses what is no audit request: 400 with a code, no trace written', async () => {
      const before = (await f.store.listRagTraces({ limit: 1000 })).length;
      const post = (body: unknown) => call(f.app, '/api/audit', json(body));
      const raw = await post({ citations: [], answer: 'x' });
      expect([raw.status, raw.body.error.code]).toEqual([400, 'invalid_option']);
      expect(raw.body.error.message).toContain('Unknown field "citations"');
      const noAnswer = await post({ format: 'anthropic' });
      expect([noAnswer.status, noAnswer.body.error.code]).toEqual([400, 'invalid_option']);
      const format = await post({ answer: '{}', format: 'bard' });
      expect([format.status, format.body.error.code]).toEqual([400, 'invalid_option']);
      const unknown = await post({ answer: { hello: 'world' } });
      expect([unknown.status, unknown.body.error.code]).toEqual([400, 'unknown_answer_shape']);
      const broken = await call(f.app, '/api/audit', { method: 'POST', body: '{"answer": ' });
      expect([broken.status, broken.body.error.code]).toEqual([400, 'malformed_json']);
      // the read routes' rules: no token needed, a page of another site refused
      const crossSite = await call(f.app, '/api/audit', {
        ...json({ answer: '{}' }),
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      });
      expect([crossSite.status, crossSite.body.error.code]).toEqual([403, 'cross_site_refused']);
      expect((await f.store.listRagTraces({ limit: 1000 })).length).toBe(before);
    });

    test('GET /api/traces: newest first, one query by qid, paged and clamped', async () => {
      const searched = await call(f.app, '/api/search?q=enum%20variants&k=2');
      const { qid } = searched.body;
      const one = await call(f.app, `/api/traces?qid=${encodeURIComponent(qid)}`);
      expect(one.status).toBe(200);
      expect(one.body.items).toHaveLength(1);
      expect(schemaOf('TraceRow')(one.body.items[0])).toEqual([]);
      expect(one.body.items[0]).toMatchObject({ qid, index_hash: searched.body.index_hash });
      expect(one.body.items[0].citations).toEqual(
        searched.body.hits.map((h: { snippet_id: string }) => h.snippet_id),
      );
      const all = await call(f.app, '/api/traces?limit=1e9');
      expect(all.body.limit).toBe(500);
      const times = all.body.items.map((t: { ts: string }) => Date.parse(t.ts));
      expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    });

    test('a server without the traces setting answers searches and answer checks untraced', async () => {
      const quiet = f.appWith({ traces: false });
      const before = (await call(f.app, '/api/traces?limit=500')).body.items.length;
      const searched = await call(quiet, '/api/search?q=ownership&k=2');
      expect(searched.status).toBe(200);
      expect(searched.body.hits.length).toBeGreaterThan(0);
      expect(searched.body.traced).toBe(false);
      const { text, heading_path: _h, ...citation } = searched.body.hits[0];
      const quote = text.split(/\s+/u).filter(Boolean).slice(1, 8).join(' ');
      const answer = {
        citations: [{ ...citation, quote }],
        answer: 'True.',
        ΔS: 0.1,
        λ: 'convergent',
      };
      const checked = await call(quiet, '/api/validate/answer', json(answer));
      expect(checked.status).toBe(200);
      expect(checked.body.citations.map((c: { status: string }) => c.status)).toEqual(['verified']);
      expect(checked.body.trace_qids).toEqual([]);
      // the same answer on a tracing server writes its row
      expect(
        (await call(f.app, '/api/validate/answer', json(answer))).body.trace_qids,
      ).toHaveLength(1);
      expect((await call(f.app, '/api/traces?limit=500')).body.items.length).toBe(before + 1);
    });

    // last: it takes a chapter out of the fixture's store
    test('DELETE /api/documents/:doc: token required; out of search, IDs answer 410 deleted; ?purge=true: 404', async () => {
      const TOKEN = 'delete-token-3c9e';
      const writer = f.appWith({ token: TOKEN });
      const target = CHAPTERS[2]!;
      const doc = (await call(f.app, `/api/documents/${encodeURIComponent(target)}`)).body;
      const id = doc.chunks[0].chunk_id as string;
      const url = `/api/documents/${encodeURIComponent(target)}`;
      expect((await call(f.app, url, { method: 'DELETE' })).body.error.code).toBe(
        'writes_disabled',
      );
      expect((await call(writer, url, { method: 'DELETE' })).status).toBe(401);
      const wrong = await call(writer, url, {
        method: 'DELETE',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.status).toBe(403);
      const auth = { authorization: `Bearer ${TOKEN}` };
      const removed = await call(writer, url, { method: 'DELETE', headers: auth });
      expect(removed.status).toBe(200);
      expect(schemaOf('RemovedDocuments')(removed.body)).toEqual([]);
      expect(removed.body.documents).toEqual([
        expect.objectContaining({ source_url: target, status: 'removed' }),
      ]);
      const hits = (await call(f.app, '/api/search?q=enum%20variants&k=50')).body.hits;
      expect(hits.filter((h: { source_url: string }) => h.source_url === target)).toEqual([]);
      const listed = (await call(f.app, '/api/documents?limit=500')).body.items;
      expect(listed.map((d: { source_url: string }) => d.source_url)).not.toContain(target);
      const gone = await call(f.app, `/api/chunks/${encodeURIComponent(id)}`);
      expect(gone.status).toBe(410);
      expect(schemaOf('GoneChunk')(gone.body)).toEqual([]);
      expect(gone.body).toMatchObject({ status: 'deleted', document: { source_url: target } });
      expect(gone.body.document.removed_at).not.toBeNull();
      const badPurge = await call(writer, `${url}?purge=maybe`, {
        method: 'DELETE',
        headers: auth,
      });
      expect([badPurge.status, badPurge.body.error.code]).toEqual([400, 'invalid_option']);
      const purged = await call(writer, `${url}?purge=true`, { method: 'DELETE', headers: auth });
      expect(purged.body.documents[0].status).toBe('purged');
      expect((await call(f.app, `/api/chunks/${encodeURIComponent(id)}`)).status).toBe(404);
      const again = await call(writer, url, { method: 'DELETE', headers: auth });
      expect([again.status, again.body.error.code]).toEqual([404, 'document_not_found']);
      expect(await f.store.check()).toEqual([]);
    });
  });
}
