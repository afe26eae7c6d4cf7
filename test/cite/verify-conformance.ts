import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CitationStatus, CitationStatusReason } from '../../src/cite/citation-status.js';
import { traceAnswer } from '../../src/cite/trace-answer.js';
import { validateAnswer } from '../../src/cite/validate-answer.js';
import { verifyAnswer } from '../../src/cite/verify-answer.js';
import { verifyCitations } from '../../src/cite/verify-citations.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import type { SearchHit } from '../../src/search/types.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';

/** A fresh database per suite. */
export interface VerifyFixture {
  open(): Promise<ChunkStore>;
  /** The rag_traces rows of one qid. */
  traces(qid: string): Promise<Record<string, unknown>[]>;
  dispose(): Promise<void>;
}

const CHAPTERS = [
  'ch04-01-what-is-ownership.md',
  'ch04-02-references-and-borrowing.md',
  'ch06-01-defining-an-enum.md',
];
/** A copy of a chapter that the suite rewrites (a major change: new IDs, redirects). */
const EDITED = 'threads-edited.md';
/** A copy of a chapter that the suite edits a little (a minor change: IDs kept, offsets shift). */
const MINOR = 'enums-minor.md';

const UNRELATED = Array.from(
  { length: 24 },
  (_, i) =>
    `Marsh lanterns, entry ${i}, flicker over quiet reeds while herons count the tide in another tongue.`,
).join('\n\n');

/** A citation as a model copies it from a search hit: the payload, plus words of the snippet. */
function cite(hit: SearchHit, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { text, heading_path: _headings, ...payload } = hit;
  const quote = text.split(/\s+/u).filter(Boolean).slice(1, 9).join(' ');
  return { ...payload, quote, ...extra };
}

const answerOf = (citation: Record<string, unknown>) => ({
  citations: [citation],
  answer: 'It looks right.',
});

/** Citations and answers checked against a store, on one backend, with real rustbook chapters. */
export function describeVerifyConformance(
  name: string,
  makeFixture: () => Promise<VerifyFixture>,
): void {
  describe(`citation store checks: ${name}`, () => {
    let fixture: VerifyFixture;
    let store: ChunkStore;
    let dir: string;
    let log: string;
    let hits: SearchHit[];
    /** Hits of EDITED's first version, cited after the second came in. */
    let oldHits: SearchHit[];
    /** Hits of MINOR's first version. */
    let oldMinorHits: SearchHit[];

    beforeAll(async () => {
      fixture = await makeFixture();
      store = await fixture.open();
      dir = mkdtempSync(join(tmpdir(), 'cairn-verify-'));
      log = join(dir, 'traces.log');
      for (const chapter of CHAPTERS)
        copyFileSync(corpusPath('rustbook', chapter), join(dir, chapter));
      const original = readFileSync(corpusPath('rustbook', 'ch16-01-threads.md'), 'utf8');
      writeFileSync(join(dir, EDITED), original);
      const enums = readFileSync(corpusPath('rustbook', 'ch06-01-defining-an-enum.md'), 'utf8');
      writeFileSync(join(dir, MINOR), enums);
      const first = await ingestSources(store, [...CHAPTERS, EDITED, MINOR], {
        workers: 0,
        cwd: dir,
      });
      expect(first.failed).toBe(0);
      oldHits = (
        await search(store, 'thread spawn threads program', {
          doc: EDITED,
          k: 50,
          trace_log: false,
        })
      ).hits;
      oldMinorHits = (await search(store, 'the a enum', { doc: MINOR, k: 100, trace_log: false }))
        .hits;
      // one sentence more in the first paragraph: later chunks keep ID and text, their offsets move
      const firstBreak = enums.indexOf('\n\n', enums.indexOf('\n\n') + 2);
      writeFileSync(
        join(dir, MINOR),
        `${enums.slice(0, firstBreak)} An edit added this sentence.${enums.slice(firstBreak)}`,
      );
      // keep the first section word for word, replace the rest: a major change, so every old ID redirects
      const cut = original.indexOf('\n### ');
      expect(cut).toBeGreaterThan(0);
      writeFileSync(
        join(dir, EDITED),
        `${original.slice(0, cut)}\n### Something Else Entirely\n\n${UNRELATED}\n`,
      );
      const second = await ingestSources(store, [EDITED, MINOR], { workers: 0, cwd: dir });
      expect(second.failed).toBe(0);
      // live hits: searched after the edit
      hits = (await search(store, 'ownership borrow reference', { k: 20, trace_log: false })).hits;
    });

    afterAll(async () => {
      await store?.close();
      await fixture?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const byDocs = () => {
      const a = hits[0]!;
      const b = hits.find((h) => h.doc_id !== a.doc_id)!;
      expect(b).toBeDefined();
      return { a, b };
    };

    test('a correct answer: every citation verified, one trace per segment', async () => {
      const { a, b } = byDocs();
      const qid = `q-verify-${name.toLowerCase()}`;
      const answer = {
        segments: [
          { citations: [cite(a)], text: 'Ownership has rules.' },
          { citations: [cite(b)], text: 'And another document agrees.' },
        ],
        ΔS: 0.3,
        λ: 'convergent',
      };
      const verified = await verifyAnswer(store, answer);
      const result = {
        ...verified,
        ...(await traceAnswer(store, verified, { qid, trace_log: log })),
      };
      expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([]);
      expect(result).toMatchObject({ ok: true, segments: 2 });
      expect(result.citations.map((c) => [c.status, c.reason, c.resolved_snippet_id])).toEqual([
        ['verified', null, a.snippet_id],
        ['verified', null, b.snippet_id],
      ]);
      // seed 001: one line per question and segment, all under the question's qid
      const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      const rows = await fixture.traces(qid);
      expect(rows).toHaveLength(2);
      for (const [s, hit] of [a, b].entries()) {
        const line = lines.find((l) => l.includes(` qid=${qid} seg=${s + 1} `));
        expect(line).toContain(' deltaS=0.3 lambda=convergent ');
        expect(line).toContain(`citations=[${hit.snippet_id}]`);
        expect(line).toContain(`store=${store.dialect}`);
        expect(line).toContain(`rev=${hit.rev}`);
        const row = rows.find((r) => Number(r.seg) === s + 1)!;
        const cited = row.citations;
        expect(typeof cited === 'string' ? JSON.parse(cited) : cited).toEqual([hit.snippet_id]);
        expect(row).toMatchObject({ store: store.dialect, index_hash: hit.index_hash });
        expect([Number(row.deltaS ?? row.deltas), row.lambda_state]).toEqual([0.3, 'convergent']);
      }
      expect(result).toMatchObject({ qid, trace_qids: [qid] });
    });

    test('a full payload list: validateCitations and verifyCitations with the store', async () => {
      const payload = hits.slice(0, 6).map((h) => cite(h));
      const result = await verifyCitations(store, payload, { allow_cross_section_reuse: true });
      expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([]);
      expect(result.citations.map((c) => c.status)).toEqual(payload.map(() => 'verified'));
      const verdicts = (await verifyCitations(store, payload)).citations;
      expect(verdicts.map((v) => v.checked_rev)).toEqual(hits.slice(0, 6).map((h) => h.rev));
      // without a store nothing changes: synchronous, every citation unchecked
      const plain = validateAnswer(answerOf(payload[0]!));
      expect(plain.citations[0]).toMatchObject({
        status: 'unverified',
        reason: 'not_checked_against_store',
      });
    });

    interface WrongCase {
      name: string;
      citation: () => Record<string, unknown>;
      status: CitationStatus;
      reason: CitationStatusReason;
      /** Store-free issue codes expected besides citation_unverified. */
      codes?: string[];
    }

    const WRONG: WrongCase[] = [
      {
        name: 'a fabricated quote',
        citation: () =>
          cite(hits[0]!, { quote: 'Rust lets two owners free the same value twice.' }),
        status: 'unverified',
        reason: 'quote_not_found',
      },
      {
        name: 'the right quote at offsets one character off',
        citation: () => {
          const h = hits[0]!;
          return cite(h, {
            offsets: { ...h.offsets, start: h.offsets.start + 1, end: h.offsets.end + 1 },
          });
        },
        status: 'unverified',
        reason: 'offsets_mismatch',
      },
      {
        name: 'start > end',
        citation: () => {
          const h = hits[0]!;
          return cite(h, { offsets: { start: h.offsets.end, end: h.offsets.start, unit: 'char' } });
        },
        status: 'unverified',
        reason: 'offsets_mismatch',
        codes: ['bad_offsets'],
      },
      {
        name: 'offsets past the end of the text',
        citation: () => {
          const h = hits[0]!;
          return cite(h, { offsets: { start: h.offsets.start, end: 10_000_000, unit: 'char' } });
        },
        status: 'unverified',
        reason: 'offsets_mismatch',
      },
      {
        name: 'a truncated chunk_id',
        citation: () => cite(hits[0]!, { snippet_id: hits[0]!.snippet_id.slice(0, -3) }),
        status: 'unverified',
        reason: 'snippet_not_found',
        codes: ['malformed_snippet_id'],
      },
      {
        name: 'a well-formed chunk_id the store never had',
        citation: () =>
          cite(hits[0]!, { snippet_id: hits[0]!.snippet_id.replace(/b=\d{3}$/u, 'b=999') }),
        status: 'unverified',
        reason: 'snippet_not_found',
      },
      {
        name: 'a chunk of another document than doc_id',
        citation: () => {
          const { a, b } = byDocs();
          return cite(b, { doc_id: a.doc_id, source_url: a.source_url });
        },
        status: 'unverified',
        reason: 'document_mismatch',
      },
      {
        name: 'a section the chunk is not in',
        citation: () => {
          const h = hits[0]!;
          const other = hits.find((x) => x.section_id !== h.section_id && x.doc_id === h.doc_id);
          return cite(h, { section_id: other?.section_id ?? 'no.such.section' });
        },
        status: 'unverified',
        reason: 'section_mismatch',
      },
      {
        name: 'a rev no version has',
        citation: () => cite(hits[0]!, { rev: 'deadbeef'.repeat(5) }),
        status: 'unverified',
        reason: 'rev_not_current',
      },
    ];

    test.each(WRONG.map((w) => [w.name, w] as const))('%s', async (_name, wrong) => {
      const result = await verifyAnswer(store, answerOf(wrong.citation()));
      expect(result.ok).toBe(false);
      expect(result.citations[0]).toMatchObject({ status: wrong.status, reason: wrong.reason });
      if (result.ok) return;
      const unverified = result.issues.filter((i) => i.code === 'citation_unverified');
      expect(unverified).toHaveLength(1);
      expect(unverified[0]).toMatchObject({ reason: wrong.reason, path: '/citations/0', index: 0 });
      expect(unverified[0]!.message).toMatch(/^Citation not backed by the store: /u);
      const others = result.issues
        .filter((i) => i.code !== 'citation_unverified')
        .map((i) => i.code);
      expect(others).toEqual(wrong.codes ?? []);
    });

    test('a chunk of an old version: redirected when its text is live, snippet_deleted when its text is gone, else rev_not_current', async () => {
      const document = (await store.getDocument(EDITED))!;
      const current = (await store.getVersion(document.current_version_id))!;
      expect(oldHits.length).toBeGreaterThan(1);
      let redirected = 0;
      let deleted = 0;
      for (const old of oldHits) {
        expect(old.rev).not.toBe(current.rev);
        const result = await verifyAnswer(store, answerOf(cite(old)));
        const verdict = result.citations[0]!;
        expect(verdict.hops.length).toBeGreaterThan(0);
        expect(verdict.hops[0]!.from).toBe(old.snippet_id);
        const [live] = await store.findChunks(verdict.hops.at(-1)!.to!);
        if (live!.text === old.text) {
          redirected++;
          expect(result.ok).toBe(true);
          expect(verdict).toMatchObject({
            status: 'redirected',
            reason: null,
            resolved_snippet_id: live!.chunk_id,
          });
          expect(verdict.resolved_snippet_id).not.toBe(old.snippet_id);
        } else if (verdict.hops.some((hop) => hop.kind === 'deleted')) {
          // the redirect leads to the nearest surviving chunk, which does not hold the cited text
          deleted++;
          expect(result.ok).toBe(false);
          expect(verdict).toMatchObject({
            status: 'unverified',
            reason: 'snippet_deleted',
            resolved_snippet_id: live!.chunk_id,
          });
        } else {
          expect(result.ok).toBe(false);
          expect(verdict).toMatchObject({ status: 'unverified', reason: 'rev_not_current' });
        }
      }
      expect(redirected).toBeGreaterThan(0);
      // every chunk of the replaced text is gone: rev_not_current is the minor edit's case below
      expect(deleted).toBeGreaterThan(0);
    });

    test('an old rev of a chunk whose ID survived a minor edit: redirected to itself when its text stands', async () => {
      let redirected = 0;
      let stale = 0;
      for (const old of oldMinorHits) {
        const result = await verifyAnswer(store, answerOf(cite(old)));
        const verdict = result.citations[0]!;
        expect(verdict.hops).toEqual([]);
        if (verdict.status === 'redirected') {
          redirected++;
          expect(result.ok).toBe(true);
          expect(verdict.resolved_snippet_id).toBe(old.snippet_id);
          // the live chunk is the same text at other offsets
          const live = (
            await search(store, 'the a enum', { doc: MINOR, k: 100, trace_log: false })
          ).hits.find((h) => h.snippet_id === old.snippet_id)!;
          expect(live.text).toBe(old.text);
          expect(live.offsets.start).not.toBe(old.offsets.start);
        } else {
          stale++;
          expect(verdict).toMatchObject({ status: 'unverified', reason: 'rev_not_current' });
        }
      }
      expect(redirected).toBeGreaterThan(0);
      expect(stale).toBeGreaterThan(0);
    });

    test("a model's five-field citation (no doc_id, no rev) verifies too", async () => {
      const h = hits[0]!;
      const item = {
        snippet_id: h.snippet_id,
        section_id: h.section_id,
        source_url: h.source_url,
        offsets: h.offsets,
        tokens: h.tokens,
      };
      const result = await verifyAnswer(store, answerOf(item));
      expect(result.ok).toBe(true);
      expect(result.citations[0]).toMatchObject({ status: 'verified', reason: null });
    });

    test("index identity: another system's index (a vector store's) is not judged by cairn's manifests", async () => {
      const h = hits[0]!;
      const foreign = {
        index_hash: 'faiss:2f7d9a',
        embed_model: 'bge-large-en-v1.5:mean',
        analyzer: 'lowercase+ascii_fold',
      };
      const result = await verifyAnswer(store, answerOf(cite(h, foreign)));
      expect(result.ok ? [] : result.issues.map((i) => i.code)).toEqual([]);
      expect(result.citations[0]).toMatchObject({ status: 'verified', warnings: [] });
    });

    test("index identity: the live index verifies, an earlier one warns stale_index with the manifest's date", async () => {
      const h = hits[0]!;
      const live = await verifyAnswer(store, answerOf(cite(h)));
      expect(live.ok).toBe(true);
      expect(live.citations[0]).toMatchObject({ status: 'verified', warnings: [] });
      // the index searched before the second ingest: recorded, no longer live
      const earlier = oldHits[0]!.index_hash;
      expect(earlier).not.toBe(h.index_hash);
      const manifest = (await store.getIndexManifest(earlier))!;
      expect(manifest.chunker_id).toBeDefined();
      const stale = await verifyAnswer(store, answerOf(cite(h, { index_hash: earlier })));
      expect(stale.ok).toBe(true);
      expect(stale.citations[0]).toMatchObject({
        status: 'verified',
        warnings: [
          {
            code: 'stale_index',
            index_hash: earlier,
            created_at: manifest.created_at,
            live_index_hash: h.index_hash,
          },
        ],
      });
      expect(stale.citations[0]!.warnings[0]!.detail).toContain(manifest.created_at);
      // an old rev whose text stands, cited with the index of its day: redirected, and stale
      const redirected = [];
      for (const old of oldMinorHits) {
        const result = await verifyAnswer(store, answerOf(cite(old)));
        if (result.citations[0]!.status === 'redirected') redirected.push(result.citations[0]!);
      }
      expect(redirected.length).toBeGreaterThan(0);
      for (const v of redirected)
        expect(v.warnings.map((w) => [w.code, w.index_hash])).toEqual([
          ['stale_index', oldMinorHits[0]!.index_hash],
        ]);
    });

    test.each([
      {
        name: 'an index_hash the store never recorded',
        extra: { index_hash: `lex:${'f'.repeat(40)}` },
        reason: 'mismatch_index_hash',
        field: 'index_hash',
      },
      {
        name: "another read path's analyzer",
        extra: { analyzer: 'lowercase+ascii_fold' },
        reason: 'analyzer_mismatch',
        field: 'analyzer',
      },
      {
        name: 'an embedding model the lexical index does not have',
        extra: { embed_model: 'bge-large-en-v1.5:mean' },
        reason: 'embed_model_mismatch',
        field: 'embed_model',
      },
    ])('index identity: $name is $reason, at the field', async ({ extra, reason, field }) => {
      const h = hits[0]!;
      const result = await verifyAnswer(store, answerOf(cite(h, extra)));
      expect(result.ok).toBe(false);
      expect(result.citations[0]).toMatchObject({ status: 'unverified', reason });
      if (result.ok) return;
      const expected = { index_hash: h.index_hash, analyzer: h.analyzer, embed_model: 'none' }[
        field as 'index_hash'
      ];
      expect(result.issues.map((i) => ({ ...i, message: undefined }))).toEqual([
        expect.objectContaining({
          code: reason,
          field,
          expected,
          received: (extra as unknown as Record<string, string>)[field],
          path: `/citations/0/${field}`,
          segment: 0,
          index: 0,
        }),
      ]);
      // a list, as validate citations checks it, says the same
      const listed = await verifyCitations(store, [cite(h, extra)]);
      expect(listed.ok ? [] : listed.issues.map((i) => [i.code, i.path])).toEqual([
        [reason, `/0/${field}`],
      ]);
    });

    test('a mixed answer: the verified, the redirected and the wrong side by side', async () => {
      const fresh = cite(hits[0]!);
      const fabricated = cite(hits[0]!, { quote: 'Borrowing transfers ownership permanently.' });
      const result = await verifyAnswer(store, {
        citations: [fresh, fabricated],
        answer: 'Half right.',
      });
      expect(result.ok).toBe(false);
      expect(result.citations.map((c) => c.status)).toEqual(['verified', 'unverified']);
      if (!result.ok)
        expect(result.issues.map((i) => [i.code, i.index])).toEqual([['citation_unverified', 1]]);
    });
  });
}
