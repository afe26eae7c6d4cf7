import { describe, expect, test } from 'vitest';
import { ensure } from '../../src/pipeline/ensure.js';
import { resolveChunk } from '../../src/pipeline/resolve-chunk.js';
import type { ChunkStore } from '../../src/store/types.js';
import type { StoreFixture } from './conformance.js';
import { blockChunker, paragraphs, textDocument } from './test-documents.js';

const chunker = blockChunker();

async function withStore(
  makeFixture: () => Promise<StoreFixture>,
  fn: (store: ChunkStore) => Promise<void>,
): Promise<void> {
  const fixture = await makeFixture();
  const store = await fixture.open();
  try {
    await fn(store);
    expect(await store.check()).toEqual([]);
  } finally {
    await store.close();
    await fixture.dispose();
  }
}

const search = (store: ChunkStore, word: string) =>
  store.searchLexical({ chunker_id: chunker.chunker_id, terms: [word], limit: 50 });

/** Two documents, one of them with two versions (so it has redirects). */
async function seed(store: ChunkStore) {
  await ensure(store, textDocument(paragraphs(3, 'Alpha'), { doc_uid: 'keep' }), chunker);
  const v1 = await ensure(
    store,
    textDocument(paragraphs(4, 'Bravo'), { doc_uid: 'gone', source_url: 'docs/sub/gone.txt' }),
    chunker,
  );
  const oldIds = (await store.listChunks(v1.version.id, chunker.chunker_id)).map((c) => c.chunk_id);
  const v2 = await ensure(
    store,
    textDocument(paragraphs(2, 'Bravo'), { doc_uid: 'gone', source_url: 'docs/sub/gone.txt' }),
    chunker,
  );
  const liveIds = (await store.listChunks(v2.version.id, chunker.chunker_id)).map(
    (c) => c.chunk_id,
  );
  return { gone: v2.document, oldIds, liveIds };
}

/** Listing, counting, removing and purging documents, and trace retention, on one backend. */
export function describeManageConformance(
  name: string,
  makeFixture: () => Promise<StoreFixture>,
): void {
  describe(`managing a store: ${name}`, () => {
    test('list: format, versions, current chunk counts per chunker, size; --under and format filters', async () => {
      await withStore(makeFixture, async (store) => {
        const { gone } = await seed(store);
        const all = await store.listDocumentSummaries();
        expect(all.map((s) => s.document.doc_uid)).toEqual(['keep', 'gone']);
        const g = all[1]!;
        expect(g).toMatchObject({
          versions: 2,
          current_seq: 2,
          chunks: { [chunker.chunker_id]: 2 },
        });
        expect(g.document.format).toBe('text');
        expect(g.byte_length).toBeGreaterThan(0);
        expect(g.document.id).toBe(gone.id);
        const under = await store.listDocumentSummaries({ under: 'docs/sub' });
        expect(under.map((s) => s.document.doc_uid)).toEqual(['gone']);
        // a path prefix that is not a folder boundary matches nothing
        expect(await store.listDocumentSummaries({ under: 'docs/su' })).toEqual([]);
        expect(await store.listDocumentSummaries({ format: 'markdown' })).toEqual([]);
        expect(await store.listDocumentSummaries({ after_id: gone.id - 1, limit: 1 })).toHaveLength(
          1,
        );
      });
    });

    test('rm takes a document out of search, listings and index state; its IDs resolve as deleted, redirects kept', async () => {
      await withStore(makeFixture, async (store) => {
        const { gone, oldIds, liveIds } = await seed(store);
        expect((await search(store, 'bravo')).length).toBe(2);
        const before = await store.storeStats();
        expect(before.documents).toBe(2);
        expect(await store.removeDocument(gone.id)).toBe(true);
        expect(await store.removeDocument(gone.id)).toBe(false);
        expect(await search(store, 'bravo')).toEqual([]);
        expect((await search(store, 'alpha')).length).toBe(3);
        expect((await store.listDocuments()).map((d) => d.doc_uid)).toEqual(['keep']);
        expect((await store.listDocumentSummaries()).map((s) => s.document.doc_uid)).toEqual([
          'keep',
        ]);
        expect(
          (await store.listDocumentSummaries({ include_removed: true })).map(
            (s) => s.document.removed_at !== null,
          ),
        ).toEqual([false, true]);
        const state = await store.getLexicalIndexState(chunker.chunker_id);
        expect(state.sets.map((s) => s.doc_uid)).toEqual(['keep']);
        for (const id of [...liveIds, ...oldIds]) {
          const resolved = await resolveChunk(store, id);
          expect(resolved.status).toBe('deleted');
          expect(resolved.document?.removed_at).not.toBeNull();
        }
        // the redirect history stays: an old ID still shows the hop it took
        const retired = oldIds.filter((id) => !liveIds.includes(id));
        expect(retired.length).toBeGreaterThan(0);
        for (const id of retired)
          expect((await resolveChunk(store, id)).hops.length).toBeGreaterThan(0);
        const after = await store.storeStats();
        expect(after).toMatchObject({
          documents: 1,
          removed_documents: 1,
          versions: before.versions,
          redirects: before.redirects,
          current_chunks: { [chunker.chunker_id]: 3 },
        });
        expect(after.stored_chunks[chunker.chunker_id]).toBe(
          before.stored_chunks[chunker.chunker_id],
        );
      });
    });

    test('a removed document ingested again comes back, with the same IDs', async () => {
      await withStore(makeFixture, async (store) => {
        const { gone, liveIds } = await seed(store);
        await store.removeDocument(gone.id);
        const back = await ensure(
          store,
          textDocument(paragraphs(2, 'Bravo'), {
            doc_uid: 'gone',
            source_url: 'docs/sub/gone.txt',
          }),
          chunker,
        );
        expect(back.status).toBe('updated');
        expect(back.document.removed_at).toBeNull();
        expect((await search(store, 'bravo')).map((m) => m.chunk.chunk_id).sort()).toEqual(
          [...liveIds].sort(),
        );
        expect((await resolveChunk(store, liveIds[0]!)).status).toBe('live');
        // removed again, then new content: the new version is in service
        await store.removeDocument(gone.id);
        const changed = await ensure(
          store,
          textDocument(paragraphs(5, 'Bravo'), {
            doc_uid: 'gone',
            source_url: 'docs/sub/gone.txt',
          }),
          chunker,
        );
        expect(changed.document.removed_at).toBeNull();
        expect((await search(store, 'bravo')).length).toBe(5);
      });
    });

    test('purge deletes every row of the document, lexical index included; other documents stay whole', async () => {
      await withStore(makeFixture, async (store) => {
        const { gone, liveIds } = await seed(store);
        const before = await store.counts();
        expect(await store.purgeDocument(gone.id)).toBe(true);
        expect(await store.purgeDocument(gone.id)).toBe(false);
        expect(await store.getDocument('gone')).toBeNull();
        expect(await store.findChunks(liveIds[0]!)).toEqual([]);
        await expect(resolveChunk(store, liveIds[0]!)).rejects.toMatchObject({
          code: 'chunk_not_found',
        });
        const after = await store.counts();
        expect(after).toEqual({
          documents: 1,
          versions: 1,
          chunks: 3,
          redirects: 0,
          chunk_sets: 1,
          seen_files: 0,
        });
        expect(before.chunks).toBe(3 + 4 + 2);
        expect(await search(store, 'bravo')).toEqual([]);
        expect((await search(store, 'alpha')).length).toBe(3);
        // check() (run after each test) compares the lexical index's rows with the chunks'
      });
    });

    test('listCurrentChunks pages by row id over current chunks of documents in service', async () => {
      await withStore(makeFixture, async (store) => {
        const { gone } = await seed(store);
        const seen: string[] = [];
        let after = 0;
        for (;;) {
          const page = await store.listCurrentChunks({
            chunker_id: chunker.chunker_id,
            after_id: after,
            limit: 2,
          });
          if (page.length === 0) break;
          expect(page.length).toBeLessThanOrEqual(2);
          for (const c of page) seen.push(`${c.doc_uid}:${c.chunk.seq}:${c.format}`);
          after = page.at(-1)!.chunk.id;
        }
        expect(seen).toEqual([
          'keep:0:text',
          'keep:1:text',
          'keep:2:text',
          'gone:0:text',
          'gone:1:text',
        ]);
        await store.removeDocument(gone.id);
        expect(
          (await store.listCurrentChunks({ chunker_id: chunker.chunker_id, limit: 10 })).length,
        ).toBe(3);
      });
    });

    test('trace retention keeps the newest rows, or the last days', async () => {
      await withStore(makeFixture, async (store) => {
        const row = (i: number, ts: string) => ({
          ts,
          qid: `q${i}`,
          seg: 0,
          deltaS: 0,
          lambda_state: 'convergent',
          store: 'test',
          index_hash: null,
          embed_model: null,
          analyzer: null,
          section_id: null,
          rev: null,
          citations: null,
          scores: null,
          kpos: null,
          kfinal: null,
        });
        for (let i = 0; i < 10; i++)
          await store.insertRagTrace(
            row(i, `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`),
          );
        expect(await store.pruneRagTraces({ rows: 4 })).toBe(6);
        expect((await store.listRagTraces()).map((r) => r.qid)).toEqual(['q9', 'q8', 'q7', 'q6']);
        expect(await store.pruneRagTraces({ rows: 4 })).toBe(0);
        await store.insertRagTrace(row(10, new Date().toISOString()));
        expect(await store.pruneRagTraces({ days: 1 })).toBe(4);
        expect((await store.listRagTraces()).map((r) => r.qid)).toEqual(['q10']);
        expect(await store.pruneRagTraces({ rows: 0 })).toBe(1);
        expect((await store.storeStats()).traces).toBe(0);
      });
    });

    test('stats: counts, store size and index manifests', async () => {
      await withStore(makeFixture, async (store) => {
        await seed(store);
        const stats = await store.storeStats();
        expect(stats).toMatchObject({
          documents: 2,
          removed_documents: 0,
          versions: 3,
          current_chunks: { [chunker.chunker_id]: 5 },
          stored_chunks: { [chunker.chunker_id]: 9 },
          traces: 0,
          index_manifests: [],
        });
        expect(stats.redirects).toBeGreaterThan(0);
        expect(stats.store_bytes).toBeGreaterThan(0);
      });
    });
  });
}
