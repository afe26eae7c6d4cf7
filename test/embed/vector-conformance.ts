import { describe, expect, test } from 'vitest';
import { cosine } from '../../src/embed/cosine.js';
import { embedChunkSets } from '../../src/embed/embed-chunk-sets.js';
import { embeddedText } from '../../src/embed/embedded-text.js';
import { createHashEmbedder } from '../../src/embed/hash-embedder.js';
import type { Embedder } from '../../src/embed/types.js';
import { isCairnError } from '../../src/errors.js';
import { ensure } from '../../src/pipeline/ensure.js';
import type { ChunkStore } from '../../src/store/types.js';
import type { StoreFixture } from '../store/conformance.js';
import { blockChunker, textDocument } from '../store/test-documents.js';

const chunker = blockChunker();

/** The hash embedder, counting the texts it is sent; `fail_after` texts it throws instead. */
function countingEmbedder(failAfter = Number.POSITIVE_INFINITY): Embedder & { sent: string[] } {
  const inner = createHashEmbedder({ dimensions: 64 });
  const sent: string[] = [];
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    sent,
    async embed(texts) {
      if (sent.length + texts.length > failAfter) throw new Error('embedder died mid-run');
      sent.push(...texts);
      return inner.embed(texts);
    },
  };
}

const rules = (n: number, edit?: number): string[] =>
  Array.from({ length: n }, (_, i) =>
    i === edit
      ? `Rule ${i + 1} was amended: harbour pilots must log every tide at dawn.`
      : `Rule ${i + 1}: the ${['ferry', 'mill', 'quarry', 'orchard', 'bridge', 'canal'][i % 6]} keeper files form ${i + 1} each ${['spring', 'winter'][i % 2]}.`,
  );

async function withStore(
  makeFixture: () => Promise<StoreFixture>,
  fn: (store: ChunkStore) => Promise<void>,
): Promise<void> {
  const fixture = await makeFixture();
  const store = await fixture.open({ batch_rows: 7 });
  try {
    await fn(store);
    expect(await store.check()).toEqual([]);
  } finally {
    await store.close();
    await fixture.dispose();
  }
}

/** Vectors beside the chunks: run on each backend by its test file. */
export function describeVectorConformance(
  name: string,
  makeFixture: () => Promise<StoreFixture>,
): void {
  describe(`vector store conformance: ${name}`, () => {
    test('embeds every current chunk set once; the nearest chunk comes first with its exact cosine distance', async () => {
      await withStore(makeFixture, async (store) => {
        await ensure(store, textDocument(rules(12), { doc_uid: 'a' }), chunker);
        await ensure(store, textDocument(rules(5), { doc_uid: 'b' }), chunker);
        const embedder = countingEmbedder();
        const report = await embedChunkSets(store, embedder, { group_size: 4 });
        expect([report.sets_done, report.chunks_done, report.texts_embedded]).toEqual([2, 17, 12]);
        // doc b's five rules are doc a's first five: cached after a, never sent twice
        expect(report.cache_hits).toBe(5);
        expect(await store.listPendingVectorSets(embedder.id)).toEqual([]);
        const [state] = await store.getVectorIndexStates(chunker.chunker_id);
        expect(state!.embed_model).toBe(embedder.id);
        expect(state!.sets.map((s) => s.chunk_count)).toEqual([12, 5]);

        const [query] = await embedder.embed(['quarry keeper form 3']);
        const a = await store.getDocument('a');
        const hits = await store.searchVectors({
          chunker_id: chunker.chunker_id,
          embed_model: embedder.id,
          vector: query!,
          limit: 3,
          document_id: a!.id,
        });
        expect(hits[0]!.chunk.text).toContain('Rule 3:');
        const [expected] = await embedder.embed([embeddedText(hits[0]!.chunk, 'heading_path')]);
        expect(hits[0]!.distance).toBeCloseTo(1 - cosine(query!, expected!), 5);
        expect(hits.map((h) => h.distance)).toEqual(
          [...hits.map((h) => h.distance)].sort((x, y) => x - y),
        );
        const stored = await store.getChunkVectors(embedder.id, [hits[0]!.chunk.id]);
        expect([...stored.get(hits[0]!.chunk.id)!]).toEqual([...expected!]);
      });
    });

    test('a re-run sends nothing; after an edit only the changed text is sent and the old version drops out of search', async () => {
      await withStore(makeFixture, async (store) => {
        await ensure(store, textDocument(rules(10), { doc_uid: 'a' }), chunker);
        const embedder = countingEmbedder();
        await embedChunkSets(store, embedder);
        expect(embedder.sent).toHaveLength(10);
        const again = await embedChunkSets(store, embedder);
        expect([again.sets_total, embedder.sent.length]).toEqual([0, 10]);

        await ensure(store, textDocument(rules(10, 4), { doc_uid: 'a' }), chunker);
        const edited = await embedChunkSets(store, embedder);
        expect(edited.texts_embedded).toBe(1);
        expect(embedder.sent.at(-1)).toContain('harbour pilots');
        expect(edited.cache_hits).toBe(9);

        const [query] = await embedder.embed([
          'Rule 5: the quarry keeper files form 5 each spring.',
        ]);
        const hits = await store.searchVectors({
          chunker_id: chunker.chunker_id,
          embed_model: embedder.id,
          vector: query!,
          limit: 20,
        });
        const current = (await store.getDocument('a'))!.current_version_id;
        expect(hits).toHaveLength(10);
        expect(hits.every((h) => h.chunk.version_id === current)).toBe(true);
        expect(hits.some((h) => h.chunk.text.startsWith('Rule 5:'))).toBe(false);
      });
    });

    test('a run that dies mid-set leaves the set invisible to search; a re-run finishes it, sending only what was not cached', async () => {
      await withStore(makeFixture, async (store) => {
        await ensure(store, textDocument(rules(10), { doc_uid: 'a' }), chunker);
        const dying = countingEmbedder(6);
        await expect(embedChunkSets(store, dying, { group_size: 3 })).rejects.toThrow(
          'died mid-run',
        );
        expect(dying.sent).toHaveLength(6);
        expect(await store.getVectorIndexStates(chunker.chunker_id)).toEqual([]);
        const [query] = await createHashEmbedder({ dimensions: 64 }).embed(['Rule 1']);
        expect(
          await store.searchVectors({
            chunker_id: chunker.chunker_id,
            embed_model: dying.id,
            vector: query!,
            limit: 5,
          }),
        ).toEqual([]);

        const healthy = countingEmbedder();
        const report = await embedChunkSets(store, healthy, { group_size: 3 });
        expect([report.texts_embedded, report.cache_hits, report.chunks_done]).toEqual([4, 6, 10]);
        expect(
          (await store.getVectorIndexStates(chunker.chunker_id))[0]!.sets[0]!.chunk_count,
        ).toBe(10);
      });
    });

    test('a set already marked embedded is not written twice, and each embedder keeps its own vectors', async () => {
      await withStore(makeFixture, async (store) => {
        await ensure(store, textDocument(rules(4), { doc_uid: 'a' }), chunker);
        const small = countingEmbedder();
        const big = createHashEmbedder({ dimensions: 96 });
        await embedChunkSets(store, small);
        await embedChunkSets(store, big, { context: 'none' });
        const states = await store.getVectorIndexStates(chunker.chunker_id);
        expect(states.map((s) => [s.embed_model, s.dimensions]).sort()).toEqual(
          [
            [big.id, 96],
            [small.id, 64],
          ].sort(),
        );
        const version = (await store.getDocument('a'))!.current_version_id;
        const again = await store.writeVectorSet({
          version_id: version,
          chunker_id: chunker.chunker_id,
          embed_model: small.id,
          dimensions: 64,
          text_context: 'heading_path',
          chunks: [],
        });
        expect(again).toBe(false);
      });
    });

    test('a vector that names no cached embedding is refused, and nothing of the set is written', async () => {
      await withStore(makeFixture, async (store) => {
        await ensure(store, textDocument(rules(2), { doc_uid: 'a' }), chunker);
        const version = (await store.getDocument('a'))!.current_version_id;
        const [first] = await store.listChunks(version, chunker.chunker_id);
        const error = await store
          .writeVectorSet({
            version_id: version,
            chunker_id: chunker.chunker_id,
            embed_model: 'nobody',
            dimensions: 3,
            text_context: 'none',
            chunks: [
              {
                chunk_row_id: first!.id,
                document_id: first!.document_id,
                section_id: first!.section_id,
                chunk_id: first!.chunk_id,
                text_hash: 'f'.repeat(64),
                vector: new Float32Array([1, 0, 0]),
              },
            ],
          })
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(isCairnError(error)).toBe(true);
        expect(await store.getVectorIndexStates(chunker.chunker_id)).toEqual([]);
      });
    });
  });
}
