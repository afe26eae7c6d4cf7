import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CharChunker } from '../../src/chunk/char-chunker.js';
import { isCairnError } from '../../src/errors.js';
import { parseChunkId } from '../../src/ids/parse-chunk-id.js';
import { buildJsonDocument } from '../../src/parse/json/parse-json.js';
import { toWellFormed } from '../../src/parse/to-well-formed.js';
import { chunkStored } from '../../src/pipeline/chunk-stored.js';
import { ensure } from '../../src/pipeline/ensure.js';
import { resolveChunk } from '../../src/pipeline/resolve-chunk.js';
import { chunkSetDigest } from '../../src/store/chunk-set-digest.js';
import type { ChunkStore } from '../../src/store/types.js';
import { nastyText } from '../support/arbitraries.js';
import {
  blockChunker,
  COLLIDING_TEXTS,
  pairChunker,
  paragraphs,
  textDocument,
} from './test-documents.js';

/** A fresh, empty database; `open` may be called several times for several connections. */
export interface StoreFixture {
  open(options?: { batch_rows?: number }): Promise<ChunkStore>;
  dispose(): Promise<void>;
}

const chunker = blockChunker();

async function withStore(
  makeFixture: () => Promise<StoreFixture>,
  fn: (store: ChunkStore, fixture: StoreFixture) => Promise<void>,
  options?: { batch_rows?: number },
): Promise<void> {
  const fixture = await makeFixture();
  const store = await fixture.open(options);
  try {
    await fn(store, fixture);
    expect(await store.check()).toEqual([]);
  } finally {
    await store.close();
    await fixture.dispose();
  }
}

async function liveIds(
  store: ChunkStore,
  docUid: string,
  chunkerId = chunker.chunker_id,
): Promise<string[]> {
  const document = await store.getDocument(docUid);
  return (await store.listChunks(document!.current_version_id, chunkerId)).map((c) => c.chunk_id);
}

/**
 * The store's contract, run against each backend (after drizzle's
 * sqlite-common suite): each backend's test file calls this with a factory
 * for fresh databases.
 */
export function describeStoreConformance(
  name: string,
  makeFixture: () => Promise<StoreFixture>,
): void {
  describe(`ChunkStore conformance: ${name}`, () => {
    test('ensure is idempotent: the same content writes nothing and returns what is stored', async () => {
      await withStore(makeFixture, async (store) => {
        const doc = textDocument(paragraphs(12), { doc_uid: 'idem' });
        const first = await ensure(store, doc, chunker);
        expect(first.status).toBe('created');
        expect(first.chunk_count).toBe(12);
        expect(first.version.seq).toBe(1);
        const counts = await store.counts();
        const written = store.rows_written;
        let chunked = 0;
        const second = await ensure(store, doc, {
          ...chunker,
          chunk: (d) => {
            chunked++;
            return chunker.chunk(d);
          },
        });
        expect(second.status).toBe('unchanged');
        expect(second.version.id).toBe(first.version.id);
        expect(second.chunk_count).toBe(12);
        // the stored first chunk is named without reading the set
        expect(second.first_chunk_id).toBe(first.first_chunk_id);
        expect(second.first_chunk_id).not.toBeNull();
        expect(chunked).toBe(0);
        expect(store.rows_written).toBe(written);
        expect(await store.counts()).toEqual(counts);
        const chunks = await store.listChunks(first.version.id, chunker.chunker_id);
        expect(chunks.map((c) => c.seq)).toEqual([...Array(12).keys()]);
        expect(chunkSetDigest(chunks)).toBe(
          (await store.getChunkSet(first.version.id, chunker.chunker_id))!.digest,
        );
      });
    });

    test('stored chunks cite the stored canonical text exactly (astral characters, CRLF)', async () => {
      await withStore(makeFixture, async (store) => {
        const doc = textDocument(
          ['Émoji 😀 first.\r\nstill first', '𝔘𝔫𝔦 second 👩‍👩‍👧', 'third ñ e\u0301'],
          {
            doc_uid: 'astral',
          },
        );
        const result = await ensure(store, doc, chunker);
        const stored = await store.getVersionText(result.version.id);
        expect(stored!.canonical).toBe(doc.canonical);
        expect(stored!.model.blocks).toEqual(doc.blocks);
        const points = Array.from(stored!.canonical);
        for (const chunk of await store.listChunks(result.version.id, chunker.chunker_id)) {
          expect(points.slice(chunk.char_start, chunk.char_end).join('')).toBe(chunk.text);
          expect(
            await store.getCanonicalSlice(result.version.id, chunk.char_start, chunk.char_end),
          ).toBe(chunk.text);
          const bytes = Buffer.from(stored!.canonical, 'utf8');
          expect(bytes.subarray(chunk.byte_start, chunk.byte_end).toString('utf8')).toBe(
            chunk.text,
          );
        }
      });
    });

    test('a new content hash makes a new version; old versions stay; IDs carry over; redirects resolve', async () => {
      await withStore(makeFixture, async (store) => {
        const v1 = textDocument(paragraphs(10), { doc_uid: 'ver' });
        const first = await ensure(store, v1, chunker);
        const before = await liveIds(store, 'ver');

        const edited = paragraphs(10);
        edited.splice(4, 1); // delete paragraph 5
        edited[7] = `${edited[7]} With one more clause.`;
        const second = await ensure(store, textDocument(edited, { doc_uid: 'ver' }), chunker);
        expect(second.status).toBe('updated');
        expect(second.change).toBe('minor');
        expect(second.version.seq).toBe(2);
        expect(second.version.lineage_rev).toBe(first.version.lineage_rev);
        expect(second.redirects_written).toBeGreaterThanOrEqual(1);

        const after = await liveIds(store, 'ver');
        const kept = before.filter((id) => after.includes(id));
        expect(kept.length).toBeGreaterThanOrEqual(8);
        expect((await store.listVersions(first.document.id)).map((v) => v.seq)).toEqual([1, 2]);
        // the old version and its chunks stay for audit
        expect(await store.listChunks(first.version.id, chunker.chunker_id)).toHaveLength(10);

        const gone = before.find((id) => !after.includes(id))!;
        const resolved = await resolveChunk(store, gone);
        expect(resolved.status).toBe('live');
        if (resolved.status === 'live') {
          expect(after).toContain(resolved.chunk.chunk_id);
          expect(resolved.hops).toHaveLength(1);
          expect(resolved.version.id).toBe(second.version.id);
        }
        const same = await resolveChunk(store, after[0]!);
        expect(same.status === 'live' && same.hops.length === 0).toBe(true);
      });
    });

    test('a major change mints a new lineage and redirects every old ID to a live chunk', async () => {
      await withStore(makeFixture, async (store) => {
        const first = await ensure(
          store,
          textDocument(paragraphs(8), { doc_uid: 'major' }),
          chunker,
        );
        const before = await liveIds(store, 'major');
        const second = await ensure(
          store,
          textDocument(
            [
              ...paragraphs(2),
              ...Array.from(
                { length: 20 },
                (_, i) => `Quite unrelated prose, number ${i}, with other words.`,
              ),
            ],
            { doc_uid: 'major' },
          ),
          chunker,
        );
        expect(second.change).toBe('major');
        expect(second.version.lineage_rev).not.toBe(first.version.lineage_rev);
        const after = new Set(await liveIds(store, 'major'));
        for (const id of before) {
          const resolved = await resolveChunk(store, id);
          expect(resolved.status).toBe('live');
          if (resolved.status === 'live') expect(after.has(resolved.chunk.chunk_id)).toBe(true);
        }
      });
    });

    test('content that comes back (A, B, A) makes the stored version current again with its own IDs', async () => {
      await withStore(makeFixture, async (store) => {
        const a = textDocument(paragraphs(6), { doc_uid: 'revert' });
        const b = textDocument([...paragraphs(6), 'A seventh paragraph appears.'], {
          doc_uid: 'revert',
        });
        const first = await ensure(store, a, chunker);
        const idsA = await liveIds(store, 'revert');
        await ensure(store, b, chunker);
        const idsB = await liveIds(store, 'revert');
        const back = await ensure(store, a, chunker);
        expect(back.status).toBe('updated');
        expect(back.version.id).toBe(first.version.id);
        expect(back.chunks_written).toBe(0);
        expect(await liveIds(store, 'revert')).toEqual(idsA);
        expect((await store.listVersions(first.document.id)).length).toBe(2);
        for (const id of idsB) {
          const resolved = await resolveChunk(store, id);
          expect(resolved.status).toBe('live');
          if (resolved.status === 'live') expect(idsA).toContain(resolved.chunk.chunk_id);
        }
        expect((await ensure(store, a, chunker)).status).toBe('unchanged');
      });
    });

    test('late chunking derives another chunker from stored text; a second run writes nothing', async () => {
      await withStore(makeFixture, async (store) => {
        for (let d = 0; d < 3; d++)
          await ensure(store, textDocument(paragraphs(7 + d), { doc_uid: `late${d}` }), chunker);
        const pairs = pairChunker();
        const first = await chunkStored(store, pairs);
        expect(first).toMatchObject({
          versions: 3,
          chunked: 3,
          present: 0,
          chunks_written: 4 + 4 + 5,
        });
        const written = store.rows_written;
        const second = await chunkStored(store, pairs);
        expect(second).toMatchObject({ versions: 3, chunked: 0, present: 3, chunks_written: 0 });
        expect(store.rows_written).toBe(written);
        // both chunkers' sets live side by side on the same version
        const document = await store.getDocument('late0');
        expect(
          await store.listChunks(document!.current_version_id, chunker.chunker_id),
        ).toHaveLength(7);
        const late = await store.listChunks(document!.current_version_id, pairs.chunker_id);
        expect(late).toHaveLength(4);
        expect(parseChunkId(late[0]!.chunk_id).rev).toBe(
          (await store.getVersion(document!.current_version_id))!.lineage_rev,
        );
        // ensure with the late chunker on unchanged content finds its chunks
        expect(
          (await ensure(store, textDocument(paragraphs(7), { doc_uid: 'late0' }), pairs)).status,
        ).toBe('unchanged');
        // the same ID exists for both chunkers: resolve prefers the one asked for
        const shared = late[0]!.chunk_id;
        await expect(resolveChunk(store, shared)).rejects.toMatchObject({ code: 'invalid_option' });
        const viaPairs = await resolveChunk(store, shared, { prefer_chunker: pairs.chunker_id });
        expect(viaPairs.status === 'live' && viaPairs.chunk.chunker_id).toBe(pairs.chunker_id);
      });
    });

    test('ensure with a new chunker on stored content adds its chunk set (status chunked)', async () => {
      await withStore(makeFixture, async (store) => {
        const doc = textDocument(paragraphs(5), { doc_uid: 'add' });
        const first = await ensure(store, doc, chunker);
        const added = await ensure(store, doc, pairChunker());
        expect(added.status).toBe('chunked');
        expect(added.version.id).toBe(first.version.id);
        expect(added.chunks_written).toBe(3);
        expect((await store.counts()).versions).toBe(1);
      });
    });

    test('a paragraph repeated 50 times is no conflict; removing one copy redirects its ID', async () => {
      await withStore(makeFixture, async (store) => {
        const same = 'The same paragraph, word for word.';
        const doc = textDocument(Array(50).fill(same), { doc_uid: 'repeat' });
        const first = await ensure(store, doc, chunker);
        expect(first.chunk_count).toBe(50);
        const chunks = await store.listChunks(first.version.id, chunker.chunker_id);
        expect(new Set(chunks.map((c) => c.hash)).size).toBe(1);
        expect(new Set(chunks.map((c) => c.chunk_id)).size).toBe(50);
        expect((await ensure(store, doc, chunker)).status).toBe('unchanged');
        const fewer = await ensure(
          store,
          textDocument(Array(49).fill(same), { doc_uid: 'repeat' }),
          chunker,
        );
        expect(fewer.status).toBe('updated');
        expect(fewer.chunk_count).toBe(49);
        const live = new Set(await liveIds(store, 'repeat'));
        for (const chunk of chunks) {
          const resolved = await resolveChunk(store, chunk.chunk_id);
          expect(resolved.status).toBe('live');
          if (resolved.status === 'live') expect(live.has(resolved.chunk.chunk_id)).toBe(true);
        }
      });
    });

    test('unique constraints: a duplicate chunk key is a typed conflict and leaves nothing behind', async () => {
      await withStore(makeFixture, async (store) => {
        const result = await ensure(
          store,
          textDocument(paragraphs(3), { doc_uid: 'uniq' }),
          chunker,
        );
        const rows = (await store.listChunks(result.version.id, chunker.chunker_id)).map((c) => ({
          ...c,
        }));
        const clash = rows.map((row) => ({ ...row, chunk_index: 0, chunk_id: `${row.chunk_id}` }));
        const before = await store.counts();
        const error = await store
          .writeChunkSet({
            document_id: result.document.id,
            version_id: result.version.id,
            chunker_id: 'dup@v1:00000000',
            lineage_rev: result.version.lineage_rev,
            rows: clash,
            digest: chunkSetDigest(clash),
            redirects: [],
          })
          .catch((e: unknown) => e);
        expect(isCairnError(error, 'store_conflict')).toBe(true);
        expect((error as Error).cause).toBeDefined();
        expect(await store.counts()).toEqual(before);
        // the same chunk set twice: the second writer is told, not failed
        const twice = {
          document_id: result.document.id,
          version_id: result.version.id,
          chunker_id: chunker.chunker_id,
          lineage_rev: result.version.lineage_rev,
          rows,
          digest: chunkSetDigest(rows),
          redirects: [],
        };
        expect(await store.writeChunkSet(twice)).toBe(false);
        expect(await store.counts()).toEqual(before);
      });
    });

    test('JSON documents: chunks keyed by pointer, chunk_index and total_chunks per node', async () => {
      await withStore(makeFixture, async (store) => {
        const long = (word: string, n: number) => Array(n).fill(word).join(' ');
        const doc = buildJsonDocument(
          [
            { json_pointer: '/a', content: long('alpha', 30) },
            { json_pointer: '/b/0', content: long('beta', 40) },
          ],
          { source_url: 'records/r1.json', doc_uid: 'json1' },
        );
        const split = {
          chunker_id: 'halves@v1:00000000',
          chunk: (d: typeof doc) =>
            blockChunker()
              .chunk(d)
              .flatMap((c) => {
                const points = Array.from(c.text);
                const half = Math.floor(points.length / 2);
                const bytes = Buffer.byteLength(points.slice(0, half).join(''));
                return [
                  {
                    ...c,
                    text: points.slice(0, half).join(''),
                    span: {
                      ...c.span,
                      end: c.span.start + half,
                      end_byte: c.span.start_byte + bytes,
                    },
                  },
                  {
                    ...c,
                    text: points.slice(half).join(''),
                    span: {
                      ...c.span,
                      start: c.span.start + half,
                      start_byte: c.span.start_byte + bytes,
                    },
                  },
                ];
              })
              .map((c, i) => ({ ...c, chunk_index: i })),
        };
        const result = await ensure(store, doc, split);
        const chunks = await store.listChunks(result.version.id, split.chunker_id);
        expect(chunks.map((c) => [c.json_pointer, c.chunk_index, c.total_chunks])).toEqual([
          ['/a', 0, 2],
          ['/a', 1, 2],
          ['/b/0', 0, 2],
          ['/b/0', 1, 2],
        ]);
      });
    });

    test('seed 004 per node: each string node keeps its hash; an unchanged node keeps its chunks and IDs; ensure reports each node', async () => {
      await withStore(makeFixture, async (store) => {
        const char = new CharChunker({ size_chars: 60, overlap_chars: 8, threshold_chars: 1 });
        const sentence = (topic: string, n: number) =>
          Array.from({ length: n }, (_, i) => `The ${topic} clause ${i} applies here.`).join(' ');
        const nodes = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'].map((topic, i) => ({
          json_pointer: `/records/${i}/body`,
          content: sentence(topic, 4 + i),
        }));
        const input = { source_url: 'records/nodes.json', doc_uid: 'per-node' };
        const first = await ensure(store, buildJsonDocument(nodes, input), char);
        expect(first.status).toBe('created');
        expect(first.nodes.map((n) => n.status)).toEqual(nodes.map(() => 'created'));
        expect(first.nodes.map((n) => n.content_hash)).toEqual(
          nodes.map((n) => createHash('sha256').update(n.content).digest('hex')),
        );
        const before = await store.listChunks(first.version.id, char.chunker_id);
        for (const chunk of before) {
          const node = nodes.find((n) => n.json_pointer === chunk.json_pointer)!;
          expect(chunk.node_hash).toBe(createHash('sha256').update(node.content).digest('hex'));
          expect(Array.from(node.content).slice(chunk.node_start!, chunk.node_end!).join('')).toBe(
            chunk.text,
          );
        }

        // one node edited (longer: more chunks), one removed, one added
        const edited = [
          ...nodes.slice(0, 2),
          { ...nodes[2]!, content: `${sentence('gamma', 6)} And one more, edited.` },
          nodes[3]!,
          nodes[5]!,
          { json_pointer: '/records/6/body', content: sentence('eta', 3) },
        ];
        const second = await ensure(store, buildJsonDocument(edited, input), char);
        expect(second.status).toBe('updated');
        expect(second.nodes.map((n) => [n.json_pointer, n.status])).toEqual([
          ['/records/0/body', 'unchanged'],
          ['/records/1/body', 'unchanged'],
          ['/records/2/body', 'updated'],
          ['/records/3/body', 'unchanged'],
          ['/records/5/body', 'unchanged'],
          ['/records/6/body', 'created'],
        ]);
        const after = await store.listChunks(second.version.id, char.chunker_id);
        const view = (chunks: typeof after, pointer: string) =>
          chunks
            .filter((c) => c.json_pointer === pointer)
            .map((c) => [c.chunk_id, c.text, c.hash, c.node_start, c.node_end, c.node_hash]);
        for (const unchanged of second.nodes.filter((n) => n.status === 'unchanged')) {
          expect(view(after, unchanged.json_pointer)).toEqual(view(before, unchanged.json_pointer));
        }
        expect(view(after, '/records/2/body')).not.toEqual(view(before, '/records/2/body'));

        // the same content again: every node unchanged, nothing written
        const third = await ensure(store, buildJsonDocument(edited, input), char);
        expect(third.status).toBe('unchanged');
        expect(third.chunks_written).toBe(0);
        expect(third.nodes.map((n) => n.status)).toEqual(edited.map(() => 'unchanged'));
        expect(third.nodes.map((n) => n.content_hash)).toEqual(
          second.nodes.map((n) => n.content_hash),
        );
      });
    });

    test('property: a stored JSON chunk is its node text at node_start..node_end (code points)', async () => {
      await withStore(makeFixture, async (store) => {
        const char = new CharChunker({ size_chars: 17, overlap_chars: 3, threshold_chars: 1 });
        let run = 0;
        await fc.assert(
          fc.asyncProperty(
            fc.array(nastyText(30), { minLength: 1, maxLength: 4 }),
            async (contents) => {
              const nodes = contents
                .filter((c) => c.length > 0)
                .map((content, i) => ({ json_pointer: `/n/${i}`, content }));
              if (nodes.length === 0) return;
              const doc = buildJsonDocument(nodes, {
                source_url: `records/p${run}.json`,
                doc_uid: `prop-${run++}`,
              });
              const result = await ensure(store, doc, char);
              const stored = await store.listChunks(result.version.id, char.chunker_id);
              for (const chunk of stored) {
                const node = nodes.find((n) => n.json_pointer === chunk.json_pointer)!;
                const nodeText = Array.from(toWellFormed(node.content));
                expect(nodeText.slice(chunk.node_start!, chunk.node_end!).join('')).toBe(
                  chunk.text,
                );
              }
            },
          ),
          { numRuns: 20 },
        );
      });
    });

    test("seed 000 collision policy: two revisions sharing r='s 8 hex digits give rev12 IDs and a warning", async () => {
      // sha1 of the normalized texts share their first 8 hex digits (found by a birthday search)
      const [a, b] = COLLIDING_TEXTS;
      await withStore(makeFixture, async (store) => {
        const docA = textDocument([a], { doc_uid: 'collide' });
        const docB = textDocument([b], { doc_uid: 'collide' });
        expect(docA.rev.slice(0, 8)).toBe(docB.rev.slice(0, 8));
        expect(docA.rev).not.toBe(docB.rev);
        const first = await ensure(store, docA, chunker);
        expect(first.warnings).toEqual([]);
        expect(parseChunkId(first.first_chunk_id!).rev).toBe(docA.rev.slice(0, 8));
        const second = await ensure(store, docB, chunker);
        expect(second.status).toBe('updated');
        expect(second.warnings).toHaveLength(1);
        expect(second.warnings[0]).toContain(`share r=${docA.rev.slice(0, 8)}`);
        const ids = await liveIds(store, 'collide');
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect(parseChunkId(id).rev).toBe(docB.rev.slice(0, 12));
        // the old ID still resolves, to the new one
        const resolved = await resolveChunk(store, first.first_chunk_id!, {
          chunker: chunker.chunker_id,
        });
        expect(resolved.status).toBe('live');
      });
    });

    test('concurrent ensure of the same content from four connections: one version, no error', async () => {
      await withStore(makeFixture, async (store, fixture) => {
        const others = await Promise.all([fixture.open(), fixture.open(), fixture.open()]);
        try {
          const docs = Array.from({ length: 5 }, (_, i) =>
            textDocument(paragraphs(20 + i), { doc_uid: `race${i}` }),
          );
          const results = await Promise.all(
            [store, ...others].map((s) => Promise.all(docs.map((doc) => ensure(s, doc, chunker)))),
          );
          for (let d = 0; d < docs.length; d++) {
            const statuses = results.map((r) => r[d]!.status).sort();
            expect(statuses).toEqual(['created', 'unchanged', 'unchanged', 'unchanged']);
            expect(new Set(results.map((r) => r[d]!.version.id)).size).toBe(1);
          }
          expect((await store.counts()).versions).toBe(5);
        } finally {
          await Promise.all(others.map((s) => s.close()));
        }
      });
    });

    test('concurrent ensure of different contents of one document: every version stored, one current', async () => {
      await withStore(makeFixture, async (store, fixture) => {
        const others = await Promise.all([fixture.open(), fixture.open(), fixture.open()]);
        try {
          await ensure(store, textDocument(paragraphs(10), { doc_uid: 'fight' }), chunker);
          const variants = [store, ...others].map((_, k) =>
            textDocument([...paragraphs(10), `Variant ${k} adds a paragraph.`], {
              doc_uid: 'fight',
            }),
          );
          const results = await Promise.all(
            [store, ...others].map((s, k) => ensure(s, variants[k]!, chunker)),
          );
          expect(results.every((r) => r.status === 'updated')).toBe(true);
          const document = await store.getDocument('fight');
          expect((await store.listVersions(document!.id)).length).toBe(5);
          // whichever won last, its chunk IDs resolve and redirects from the others lead to live chunks
          for (const r of results) {
            for (const chunk of await store.listChunks(r.version.id, chunker.chunker_id)) {
              const resolved = await resolveChunk(store, chunk.chunk_id);
              expect(resolved.status).toBe('live');
            }
          }
        } finally {
          await Promise.all(others.map((s) => s.close()));
        }
      });
    });

    test('resolve: a malformed ID and an unknown ID are typed errors; a deleted chunk says so', async () => {
      await withStore(makeFixture, async (store) => {
        await expect(resolveChunk(store, 'not an id')).rejects.toMatchObject({
          code: 'malformed_chunk_id',
        });
        await expect(resolveChunk(store, 'nodoc|r=0123abcd|s=-|p=000|b=001')).rejects.toMatchObject(
          {
            code: 'chunk_not_found',
          },
        );
        await ensure(store, textDocument(paragraphs(3), { doc_uid: 'del' }), chunker);
        const ids = await liveIds(store, 'del');
        // a wrong rev of a stored document: not found, with a current ID to compare with
        const wrongRev = ids[0]!.replace(/\|r=[0-9a-f]+\|/, '|r=deadbeef|');
        await expect(resolveChunk(store, wrongRev)).rejects.toMatchObject({
          code: 'chunk_not_found',
          details: { doc_uid: 'del', current_example: ids[0] },
        });
        await ensure(store, textDocument([], { doc_uid: 'del' }), chunker);
        const resolved = await resolveChunk(store, ids[1]!);
        expect(resolved.status).toBe('deleted');
        expect(resolved.hops.at(-1)?.to).toBeNull();
      });
    });

    test('index manifests and rag_traces round-trip', async () => {
      await withStore(makeFixture, async (store) => {
        await store.putIndexManifest({
          index_hash: 'idx1',
          kind: 'bm25',
          chunker_id: chunker.chunker_id,
          analyzer: 'simple',
          embed_model: null,
          params: { k1: 1.2, b: 0.75 },
          chunk_count: 3,
          created_at: '2024-01-01T00:00:00.000Z',
        });
        expect(await store.getIndexManifest('idx1')).toMatchObject({
          params: { k1: 1.2, b: 0.75 },
          chunk_count: 3,
        });
        const first = {
          ts: '2024-01-01T00:00:00.000Z',
          qid: 'q1',
          seg: 0,
          deltaS: 0.25,
          lambda_state: 'convergent',
          store: 'test',
          index_hash: 'idx1',
          embed_model: null,
          analyzer: 'simple',
          section_id: '1.2',
          rev: 'abc',
          citations: [{ snippet_id: 'x' }],
          scores: [1],
          kpos: [0],
          kfinal: [0],
        };
        const second = { ...first, ts: '2024-01-02T00:00:00.000Z', qid: 'q2', citations: null };
        await store.insertRagTrace(first);
        await store.insertRagTrace(second);
        expect(await store.listRagTraces()).toEqual([second, first]);
        expect(await store.listRagTraces({ qid: 'q1' })).toEqual([first]);
        expect(await store.listRagTraces({ limit: 1, offset: 1 })).toEqual([first]);
        expect(await store.listRagTraces({ offset: 2 })).toEqual([]);
      });
    });

    test('property: over any history of edits, every ID ever issued resolves, re-ensure writes nothing', async () => {
      await withStore(makeFixture, async (store) => {
        const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
        const paragraph = fc
          .array(fc.constantFrom(...words), { minLength: 2, maxLength: 8 })
          .map((w) => `${w.join(' ')}.`);
        let run = 0;
        await fc.assert(
          fc.asyncProperty(
            // versions drawn fresh or from a small pool, so that content also comes back (A, B, A)
            fc.array(
              fc.oneof(
                fc.array(paragraph, { maxLength: 12 }),
                fc.constantFrom(paragraphs(4), paragraphs(6), [...paragraphs(3), 'zeta zeta.']),
              ),
              { minLength: 1, maxLength: 6 },
            ),
            async (history) => {
              const docUid = `prop${run++}`;
              const issued = new Set<string>();
              for (const version of history) {
                const doc = textDocument(version, { doc_uid: docUid });
                const result = await ensure(store, doc, chunker);
                expect(['created', 'updated', 'unchanged']).toContain(result.status);
                const current = await store.getVersionText(result.document.current_version_id);
                expect(current!.content_hash).toBe(doc.content_hash);
                for (const id of await liveIds(store, docUid)) issued.add(id);
                const written = store.rows_written;
                expect((await ensure(store, doc, chunker)).status).toBe('unchanged');
                expect(store.rows_written).toBe(written);
              }
              const live = new Set(await liveIds(store, docUid));
              for (const id of issued) {
                const resolved = await resolveChunk(store, id);
                // never unknown, never a loop: live now, or deleted by a redirect to nothing
                if (resolved.status === 'live') {
                  expect(live.has(resolved.chunk.chunk_id)).toBe(true);
                } else {
                  expect(resolved.status).toBe('deleted');
                  expect(resolved.hops.at(-1)?.to).toBeNull();
                }
              }
            },
          ),
          { numRuns: 25 },
        );
      });
    });

    test('100k chunks in one document: written in batches, read back whole, unchanged re-ensure writes nothing', async () => {
      await withStore(makeFixture, async (store) => {
        const doc = textDocument(paragraphs(100_000), { doc_uid: 'huge' });
        const t0 = performance.now();
        const first = await ensure(store, doc, chunker);
        const seconds = (performance.now() - t0) / 1000;
        expect(first.chunk_count).toBe(100_000);
        const chunks = await store.listChunks(first.version.id, chunker.chunker_id);
        expect(chunks).toHaveLength(100_000);
        expect(chunkSetDigest(chunks)).toBe(
          (await store.getChunkSet(first.version.id, chunker.chunker_id))!.digest,
        );
        expect(new Set(chunks.map((c) => c.chunk_id)).size).toBe(100_000);
        const written = store.rows_written;
        expect((await ensure(store, doc, chunker)).status).toBe('unchanged');
        expect(store.rows_written).toBe(written);
        console.log(`${name}: 100k chunks written in ${seconds.toFixed(2)} s`);
      });
    });
  });
}
