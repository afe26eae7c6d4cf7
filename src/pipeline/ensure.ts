import type { Chunk } from '../chunk/types.js';
import { CairnError } from '../errors.js';
import type { ChangeKind } from '../ids/align-chunk-ids.js';
import { canonicalizeSource, deriveDocUid } from '../load/doc-uid.js';
import { modelVersionOf } from '../parse/model-version.js';
import type { ChunkStore, DocumentRow, SeenFileRow, VersionRow } from '../store/types.js';
import type { CairnDocument } from '../types.js';
import { checkChunksCite } from './check-chunks-cite.js';
import { type NodeReport, unchangedNodes } from './node-report.js';
import { planWrite } from './plan-write.js';
import type { PrecomputedWrite } from './precompute-write.js';

/** What a chunker must offer `ensure`: its id and a deterministic `chunk` (or `chunkAsync`, which wins). */
export interface ChunkSource {
  readonly chunker_id: string;
  chunk(doc: CairnDocument): Chunk[];
  chunkAsync?(doc: CairnDocument): Promise<Chunk[]>;
}

/**
 * Chunks computed elsewhere (a worker thread). `chunker_id` must name the
 * chunker that made them: that cannot be checked without chunking again,
 * so the caller vouches for it, and chunks stored under the wrong id are
 * served as that chunker's. Prefer a `ChunkSource`, which gives both.
 */
export interface PrecomputedChunks {
  readonly chunker_id: string;
  readonly chunks: readonly Chunk[];
}

/** A chunker that `ensure` runs itself, or the chunks one made. */
export type EnsureSource = ChunkSource | PrecomputedChunks;

/**
 * `created`: first version of a new document. `updated`: a new current
 * version (new content, or stored content that came back). `unchanged`:
 * the content and its chunks were stored already; nothing written.
 * `chunked`: the current version gained this chunker's chunks.
 */
export type EnsureStatus = 'created' | 'updated' | 'unchanged' | 'chunked';

export interface EnsureResult {
  status: EnsureStatus;
  document: DocumentRow;
  version: VersionRow;
  chunker_id: string;
  chunk_count: number;
  /** How the IDs moved against the previous chunk set; null when there was none or nothing was written. */
  change: ChangeKind | null;
  chunks_written: number;
  redirects_written: number;
  /** The first chunk's ID in reading order (stored or written); null for a document without chunks. */
  first_chunk_id: string | null;
  /**
   * Seed 000's collision policy at work ("log a warning and continue"):
   * another revision of this doc_uid shares the first 8 hex digits of this
   * one, so the new IDs' `r=` has 12 (or more). Empty otherwise.
   */
  warnings: string[];
  /**
   * JSON documents: each string node with its own content hash and what
   * this ensure did to it (`unchanged`: same string as in the previous
   * version, so the same chunks and IDs; `updated`; `created`). Empty for
   * other documents.
   */
  nodes: NodeReport[];
}

export interface EnsureOptions {
  /** Seen-file rows to record with a written version (ingest). */
  seen?: Omit<SeenFileRow, 'document_id' | 'version_id'>[];
  /** Attempts when concurrent writers keep moving the document (default 8). */
  max_attempts?: number;
  /**
   * Precomputed chunks that cairn's own chunker made from this very
   * document (the ingest workers'): they cite it by construction, and the
   * writer thread, which every document passes through, does not check
   * them again. Without it, each precomputed chunk must be the canonical
   * text at its code point offsets, with its byte offsets that slice in
   * UTF-8; otherwise `invalid_option` and nothing is written.
   */
  trusted_chunks?: boolean;
  /**
   * The bytes the document was parsed from. A PDF keeps them with a new
   * version (with its page geometry), so the viewer can show the page its
   * offsets came from even after the file changed or moved.
   */
  source_bytes?: Uint8Array;
  /**
   * With precomputed chunks: the model, section records, chunk anchors and
   * hashes and first-version IDs computed from this very document and
   * these chunks (`precomputeWrite`, on the worker that made them), taken
   * as they are.
   */
  precomputed?: PrecomputedWrite;
}

/**
 * Idempotent write of one document with one chunker's chunks (seed 004):
 * the same content hash, already chunked by this chunker, writes nothing
 * and returns what is stored, without chunking; new content writes a new
 * version, its chunks (IDs carried over by alignment with the previous
 * version) and redirects, in one transaction; old versions stay. Safe
 * against concurrent writers of the same document in other processes: a
 * writer whose view went stale re-reads and decides again.
 */
export async function ensure(
  store: ChunkStore,
  doc: CairnDocument,
  source: EnsureSource,
  options: EnsureOptions = {},
): Promise<EnsureResult> {
  const chunkerId = source.chunker_id;
  let chunks: readonly Chunk[] | null = null;
  const attempts = options.max_attempts ?? 8;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const state = await store.getDocumentState(
      doc.doc_uid,
      doc.content_hash,
      chunkerId,
      modelVersionOf(doc.format),
    );
    if (state) checkSameSource(state.document, doc);
    if (state && state.same_content?.id === state.current.id && state.same_content_chunk_set) {
      // a document `cairn rm` took out comes back with the same content: back in service, as it was
      const removed = state.document.removed_at !== null;
      if (removed) await store.restoreDocument(state.document.id, options.seen);
      return {
        status: removed ? 'updated' : 'unchanged',
        document: removed
          ? ((await store.getDocumentById(state.document.id)) ?? state.document)
          : state.document,
        version: state.current,
        chunker_id: chunkerId,
        chunk_count: state.same_content_chunk_set.chunk_count,
        change: null,
        chunks_written: 0,
        redirects_written: 0,
        // one indexed row (version, chunker, seq), not the set
        first_chunk_id: await store.firstChunkId(state.current.id, chunkerId),
        warnings: [],
        nodes: unchangedNodes(doc),
      };
    }
    chunks ??= await chunksOf(source, doc, options);
    const precomputed =
      !isChunker(source) && options.precomputed?.hashes.length === chunks.length
        ? { precomputed: options.precomputed }
        : {};
    const plan = await planWrite(store, {
      state,
      doc,
      chunker_id: chunkerId,
      chunks,
      ...(options.source_bytes === undefined ? {} : { source_bytes: options.source_bytes }),
      ...precomputed,
    });
    const input = { ...plan.input, ...(options.seen ? { seen: options.seen } : {}) };
    const outcome = await store.writeVersion(input);
    if (outcome.status === 'stale') continue;
    const [document, version] = await Promise.all([
      store.getDocumentById(outcome.document_id),
      store.getVersion(outcome.version_id),
    ]);
    if (!document || !version) {
      throw new CairnError(
        'internal_invariant',
        `Version ${outcome.version_id} of ${doc.doc_uid} vanished after commit`,
      );
    }
    return {
      status: plan.status,
      document,
      version,
      chunker_id: chunkerId,
      chunk_count: chunks.length,
      change: plan.change,
      chunks_written: input.chunks?.rows.length ?? 0,
      redirects_written: input.redirects.length,
      first_chunk_id: plan.first_chunk_id,
      warnings: plan.warnings,
      nodes: plan.nodes,
    };
  }
  throw new CairnError(
    'store_busy',
    `Gave up writing ${doc.doc_uid} after ${attempts} attempts: other writers kept changing it`,
    { details: { doc_uid: doc.doc_uid, source: doc.source_url } },
  );
}

/** The source's chunks of `doc`: a chunker's own output, or precomputed chunks checked unless trusted. */
async function chunksOf(
  source: EnsureSource,
  doc: CairnDocument,
  options: EnsureOptions,
): Promise<readonly Chunk[]> {
  if (isChunker(source)) return source.chunkAsync ? source.chunkAsync(doc) : source.chunk(doc);
  if (options.trusted_chunks !== true) checkChunksCite(doc, source.chunks);
  return source.chunks;
}

function isChunker(source: EnsureSource): source is ChunkSource {
  return typeof (source as Partial<ChunkSource>).chunk === 'function';
}

/**
 * Two sources whose derived doc_uids collide (sha1_8 of different paths)
 * would otherwise become versions of one document.
 */
function checkSameSource(stored: DocumentRow, doc: CairnDocument): void {
  if (stored.source_url === doc.source_url) return;
  const a = canonicalizeSource(stored.source_url);
  const b = canonicalizeSource(doc.source_url);
  if (a !== b && deriveDocUid(a) === stored.doc_uid && deriveDocUid(b) === doc.doc_uid) {
    throw new CairnError(
      'store_conflict',
      `doc_uid ${doc.doc_uid} of ${doc.source_url} collides with ${stored.source_url}: give one of them a doc_uid of its own`,
      {
        details: { doc_uid: doc.doc_uid, source: doc.source_url, stored_source: stored.source_url },
      },
    );
  }
}
