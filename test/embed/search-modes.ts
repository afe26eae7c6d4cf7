import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cosine } from '../../src/embed/cosine.js';
import { embedChunkSets } from '../../src/embed/embed-chunk-sets.js';
import { embeddedText } from '../../src/embed/embedded-text.js';
import { createHashEmbedder } from '../../src/embed/hash-embedder.js';
import { isCairnError } from '../../src/errors.js';
import { ingestSources } from '../../src/ingest/ingest-sources.js';
import { search } from '../../src/search/search.js';
import type { ChunkStore } from '../../src/store/types.js';
import { corpusPath } from '../corpora.js';
import type { StoreFixture } from '../store/conformance.js';

const CHAPTERS = [
  'ch04-01-what-is-ownership.md',
  'ch04-02-references-and-borrowing.md',
  'ch06-01-defining-an-enum.md',
  'ch16-01-threads.md',
];

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

/** Search modes over real Rust book chapters, embedded by the hash embedder: run per backend. */
export function describeSearchModes(name: string, makeFixture: () => Promise<StoreFixture>): void {
  describe(`search modes: ${name}`, () => {
    let fixture: StoreFixture;
    let store: ChunkStore;
    let logDir: string;
    const embedder = createHashEmbedder({ dimensions: 256 });

    beforeAll(async () => {
      fixture = await makeFixture();
      store = await fixture.open();
      logDir = mkdtempSync(join(tmpdir(), 'cairn-modes-'));
      const summary = await ingestSources(store, CHAPTERS, {
        workers: 0,
        cwd: corpusPath('rustbook'),
      });
      expect(summary.failed).toBe(0);
    });
    afterAll(async () => {
      await store?.close();
      await fixture?.dispose();
      rmSync(logDir, { recursive: true, force: true });
    });

    test('vector and hybrid need vectors first: no_vectors; a mode without an embedder is invalid_option', async () => {
      expect(
        isCairnError(
          await failure(search(store, 'ownership', { mode: 'vector', embedder, trace: false })),
          'no_vectors',
        ),
      ).toBe(true);
      expect(
        isCairnError(
          await failure(search(store, 'ownership', { mode: 'hybrid', trace: false })),
          'invalid_option',
        ),
      ).toBe(true);
      expect(
        isCairnError(
          await failure(search(store, 'ownership', { mode: 'semantic' as never, trace: false })),
          'invalid_option',
        ),
      ).toBe(true);
      const report = await embedChunkSets(store, embedder);
      expect(report.sets_done).toBe(4);
    });

    test('lexical search is as before: embed_model none, no delta_s or ranks on its hits', async () => {
      const result = await search(store, 'ownership rules', { trace: false });
      expect(result.mode).toBe('lexical');
      expect(result.embed_model).toBe('none');
      expect(result.hits[0]!.embed_model).toBe('none');
      expect('delta_s' in result.hits[0]!).toBe(false);
      expect(result.index_hash).toMatch(/^lex:/);
    });

    test('vector search: hits nearest first, each naming the embedder, delta_s the exact 1 - cosine', async () => {
      const query = 'spawn a new thread and wait for it with join handles';
      const result = await search(store, query, { mode: 'vector', embedder, k: 5, trace: false });
      expect(result.embed_model).toBe(embedder.id);
      expect(result.index_hash).toMatch(/^vec:/);
      expect(result.hits).toHaveLength(5);
      const [q] = await embedder.embed([query]);
      for (const hit of result.hits) {
        expect(hit.embed_model).toBe(embedder.id);
        expect(hit.chunker_id).toBe(result.chunker_id);
        expect(hit.ranks!.lexical).toBeNull();
        const [v] = await embedder.embed([embeddedText(hit, 'heading_path')]);
        expect(hit.delta_s).toBeCloseTo(1 - cosine(q!, v!), 5);
      }
      const deltas = result.hits.map((h) => h.delta_s!);
      expect(deltas).toEqual([...deltas].sort((a, b) => a - b));
      expect(result.hits[0]!.source_url).toContain('ch16-01-threads.md');
    });

    test('hybrid: reciprocal rank fusion of both engines, each rank kept; the trace carries ΔS and ranks', async () => {
      const log = join(logDir, 'traces.log');
      const query = 'references must always be valid';
      // the same vectors, told to stand for meaning: plain fusion, nothing kept in place
      const semantic = { ...embedder, lexical: false };
      const result = await search(store, query, {
        mode: 'hybrid',
        embedder: semantic,
        k: 10,
        trace_log: log,
        qid: 'q-hybrid',
      });
      const lexical = await search(store, query, { k: 30, trace: false });
      const vector = await search(store, query, { mode: 'vector', embedder, k: 30, trace: false });
      expect(result.hits.some((h) => h.ranks!.lexical !== null && h.ranks!.vector !== null)).toBe(
        true,
      );
      for (const hit of result.hits) {
        const l = lexical.hits.find((h) => h.snippet_id === hit.snippet_id)?.k_final ?? null;
        const v = vector.hits.find((h) => h.snippet_id === hit.snippet_id)?.k_final ?? null;
        expect(hit.ranks).toEqual({ lexical: l, vector: v });
        expect(hit.chunker_id).toBe(result.chunker_id);
        const rrf = (l === null ? 0 : 1 / (60 + l)) + (v === null ? 0 : 1 / (60 + v));
        expect(hit.score_raw).toBeCloseTo(rrf, 12);
        expect(hit.delta_s).toBeTypeOf('number');
      }
      const raw = result.hits.map((h) => h.score_raw);
      expect(raw).toEqual([...raw].sort((a, b) => b - a));
      const line = readFileSync(log, 'utf8').trim().split('\n').at(-1)!;
      expect(line).toContain(`deltaS=${result.hits[0]!.delta_s}`);
      expect(line).toContain(`embed=${embedder.id}`);
      const top = result.hits[0]!.ranks!;
      expect(line).toContain(`ranks=[l${top.lexical ?? '-'}v${top.vector ?? '-'}`);
      const [row] = await store.listRagTraces({ qid: 'q-hybrid' });
      expect(row!.deltaS).toBeCloseTo(result.hits[0]!.delta_s!, 6);
      expect(row!.embed_model).toBe(embedder.id);
      expect((row!.kpos as { lexical: number | null }[])[0]).toEqual({ k_pos: 1, ...top });
    });

    test("hybrid with the lexical hash embedder keeps BM25's top 3 at or above their lexical ranks, scores never rising", async () => {
      const queries = [
        'references must always be valid',
        'how do I make a thread wait for another',
        'what is an enum variant',
        'ownership rules',
      ];
      let moved = 0;
      for (const query of queries) {
        const result = await search(store, query, {
          mode: 'hybrid',
          embedder,
          k: 10,
          trace: false,
        });
        const plain = await search(store, query, {
          mode: 'hybrid',
          embedder: { ...embedder, lexical: false },
          k: 10,
          trace: false,
        });
        for (const hit of result.hits) {
          if (hit.ranks!.lexical !== null && hit.ranks!.lexical <= 3)
            expect(hit.k_final).toBeLessThanOrEqual(hit.ranks!.lexical);
        }
        const scores = result.hits.map((h) => h.score_raw);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        if (result.hits.some((h, i) => h.snippet_id !== plain.hits[i]?.snippet_id)) moved++;
      }
      // the query the fusion test uses moves a hit: the guard is exercised, not vacuous
      expect(moved).toBeGreaterThan(0);
    });

    test('a query embedded by another embedder fails embed_model_mismatch; a pinned index hash covers the vectors', async () => {
      const other = createHashEmbedder({ dimensions: 128 });
      const error = await failure(
        search(store, 'borrowing', { mode: 'hybrid', embedder: other, trace: false }),
      );
      expect(isCairnError(error, 'embed_model_mismatch')).toBe(true);
      const first = await search(store, 'borrowing', { mode: 'hybrid', embedder, trace: false });
      const pinned = await search(store, 'borrowing', {
        mode: 'hybrid',
        embedder,
        index_hash: first.index_hash,
        trace: false,
      });
      expect(pinned.index_hash).toBe(first.index_hash);
      const lexical = await search(store, 'borrowing', { trace: false });
      expect(
        isCairnError(
          await failure(
            search(store, 'borrowing', {
              mode: 'hybrid',
              embedder,
              index_hash: lexical.index_hash,
              trace: false,
            }),
          ),
          'mismatch_index_hash',
        ),
      ).toBe(true);
    });
  });
}
