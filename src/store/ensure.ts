import type { Chunk } from '../chunk/types.js';
import { CairnError } from '../errors.js';
import type { ChangeKind } from '../ids/align-chunk-ids.js';
import { canonicalizeSource, deriveDocUid } from '../load/doc-uid.js';
import { OffsetIndex } from '../load/offset-index.js';
import type { CairnDocument } from '../types.js';
import { chunkSetDigest } from './chunk-set-digest.js';
import { encodeModel } from './encode-model.js';
import { planChunkIds } from './plan-chunk-ids.js';
import { toChunkInputs } from './to-chunk-inputs.js';
import type {
  ChunkStore,
  DocumentRow,
  DocumentState,
  SeenFileRow,
  VersionRow,
  WriteVersionInput,
} from './types.js';

/** What a chunker must offer `ensure`: its id and a deterministic `chunk`. */
export interface ChunkSource {
  readonly chunker_id: string;
  chunk(doc: CairnDocument): Chunk[];
}

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
}

export interface EnsureOptions {
  /** Seen-file rows to record with a written version (ingest). */
  seen?: Omit<SeenFileRow, 'document_id' | 'version_id'>[];
  /** Attempts when concurrent writers keep moving the document (default 8). */
  max_attempts?: number;
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
export function ensure(
  store: ChunkStore,
  doc: CairnDocument,
  chunker: ChunkSource,
  options: EnsureOptions = {},
): Promise<EnsureResult> {
  return ensureWith(store, doc, chunker.chunker_id, () => chunker.chunk(doc), false, options);
}

/**
 * `ensure` for chunks computed elsewhere (a worker thread): the same rules.
 * Each chunk must cite `doc`: its text exactly the canonical slice at its
 * code point offsets, and its byte offsets that slice in UTF-8; otherwise
 * `invalid_option` and nothing is written. That `chunkerId` names the
 * chunker that made the chunks cannot be checked here (it would take
 * chunking again): the caller vouches for it, and chunks stored under the
 * wrong id are served as that chunker's. Prefer `ensure(store, doc,
 * chunker)`, which takes both from one chunker.
 */
export function ensureChunks(
  store: ChunkStore,
  doc: CairnDocument,
  chunkerId: string,
  chunks: readonly Chunk[],
  options: EnsureOptions = {},
): Promise<EnsureResult> {
  return ensureWith(store, doc, chunkerId, () => chunks, true, options);
}

/**
 * `ensureChunks` for chunks cairn's own chunker made from `doc` (the ingest
 * workers'): they cite it by construction, and the writer thread, which
 * every document passes through, does not check them again.
 */
export function ensureOwnChunks(
  store: ChunkStore,
  doc: CairnDocument,
  chunkerId: string,
  chunks: readonly Chunk[],
  options: EnsureOptions = {},
): Promise<EnsureResult> {
  return ensureWith(store, doc, chunkerId, () => chunks, false, options);
}

async function ensureWith(
  store: ChunkStore,
  doc: CairnDocument,
  chunkerId: string,
  getChunks: () => readonly Chunk[],
  checkCitation: boolean,
  options: EnsureOptions,
): Promise<EnsureResult> {
  let chunks: readonly Chunk[] | null = null;
  const attempts = options.max_attempts ?? 8;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const state = await store.getDocumentState(doc.doc_uid, doc.content_hash, chunkerId);
    if (state) checkSameSource(state.document, doc);
    if (state && state.same_content?.id === state.current.id && state.same_content_chunk_set) {
      return {
        status: 'unchanged',
        document: state.document,
        version: state.current,
        chunker_id: chunkerId,
        chunk_count: state.same_content_chunk_set.chunk_count,
        change: null,
        chunks_written: 0,
        redirects_written: 0,
        // one indexed row (version, chunker, seq), not the set
        first_chunk_id: await store.firstChunkId(state.current.id, chunkerId),
      };
    }
    if (chunks === null) {
      chunks = getChunks();
      if (checkCitation) checkChunksCite(doc, chunks);
    }
    const plan = await planWrite(store, state, doc, chunkerId, chunks);
    const input: WriteVersionInput = {
      ...plan.input,
      ...(options.seen ? { seen: options.seen } : {}),
    };
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
    };
  }
  throw new CairnError(
    'store_busy',
    `Gave up writing ${doc.doc_uid} after ${attempts} attempts: other writers kept changing it`,
    { details: { doc_uid: doc.doc_uid, source: doc.source_url } },
  );
}

interface WritePlan {
  status: Exclude<EnsureStatus, 'unchanged'>;
  input: WriteVersionInput;
  change: ChangeKind | null;
  first_chunk_id: string | null;
}

async function planWrite(
  store: ChunkStore,
  state: DocumentState | null,
  doc: CairnDocument,
  chunkerId: string,
  chunks: readonly Chunk[],
): Promise<WritePlan> {
  const document = {
    doc_uid: doc.doc_uid,
    source_url: doc.source_url,
    media_type: doc.media_type,
    format: doc.format,
    title: doc.title,
  };
  if (state === null) {
    const plan = await planChunkIds(store, {
      document_id: null,
      doc,
      chunks,
      chunker_id: chunkerId,
    });
    return {
      status: 'created',
      change: null,
      first_chunk_id: plan.ids[0] ?? null,
      input: {
        document,
        expect_current: null,
        version: await versionInput(doc, plan.lineage_rev),
        chunker_id: chunkerId,
        chunks: chunkSet(chunks, plan.ids, plan.lineage_rev),
        redirects: [],
      },
    };
  }
  const same = state.same_content;
  const base = { document, expect_current: state.current.id, chunker_id: chunkerId };
  if (same !== null && state.same_content_chunk_set !== null) {
    // Stored content came back (A, B, A): its chunks and IDs stand; the IDs of the current version redirect to them.
    const stored = await store.listChunks(same.id, chunkerId);
    const plan = await planChunkIds(store, {
      document_id: state.document.id,
      doc,
      chunks,
      chunker_id: chunkerId,
      prefer_version_id: state.current.id,
      exclude_version_id: same.id,
      keep_ids: stored.map((chunk) => chunk.chunk_id),
    });
    return {
      status: 'updated',
      change: plan.change,
      first_chunk_id: stored[0]?.chunk_id ?? null,
      input: { ...base, version: { existing_id: same.id }, redirects: plan.redirects },
    };
  }
  const plan = await planChunkIds(store, {
    document_id: state.document.id,
    doc,
    chunks,
    chunker_id: chunkerId,
    prefer_version_id: state.current.id,
    ...(same === null ? {} : { exclude_version_id: same.id, fallback_rev: same.lineage_rev }),
  });
  return {
    status: same === null ? 'updated' : same.id === state.current.id ? 'chunked' : 'updated',
    change: plan.change,
    first_chunk_id: plan.ids[0] ?? null,
    input: {
      ...base,
      version: same === null ? await versionInput(doc, plan.lineage_rev) : { existing_id: same.id },
      chunks: chunkSet(chunks, plan.ids, plan.lineage_rev),
      redirects: plan.redirects,
    },
  };
}

/** A new version's row; its model is encoded here, so the write transaction holds no lock while zlib runs. */
async function versionInput(
  doc: CairnDocument,
  lineageRev: string,
): Promise<WriteVersionInput['version']> {
  return {
    content_hash: doc.content_hash,
    rev: doc.rev,
    lineage_rev: lineageRev,
    canonical: doc.canonical,
    length: doc.length,
    byte_length: doc.byte_length,
    model: await encodeModel({
      title: doc.title,
      sections: doc.sections,
      blocks: doc.blocks,
      pages: doc.pages,
      json_nodes: doc.json_nodes,
    }),
  };
}

function chunkSet(
  chunks: readonly Chunk[],
  ids: readonly string[],
  lineageRev: string,
): WriteVersionInput['chunks'] {
  const rows = toChunkInputs(chunks, ids);
  return { lineage_rev: lineageRev, rows, digest: chunkSetDigest(rows) };
}

/**
 * Refuses chunks that do not cite `doc` (another document's, or the output
 * of another version of it): stored, their offsets would point at text
 * other than theirs. One offset index over the canonical text (a scan for
 * non-ASCII), then per chunk two bounded lookups and one comparison of its
 * text.
 */
function checkChunksCite(doc: CairnDocument, chunks: readonly Chunk[]): void {
  const index = new OffsetIndex(doc.canonical);
  for (const [seq, chunk] of chunks.entries()) {
    const { start, end, start_byte, end_byte } = chunk.span;
    if (!isOffset(start) || !isOffset(end) || start > end || end > index.length) {
      throw notCiting(
        doc,
        seq,
        chunk,
        `bad offsets: expected 0 <= start <= end <= ${index.length}, received ${start}..${end}`,
      );
    }
    const start16 = index.index16(start);
    const end16 = index.index16(end);
    if (
      typeof chunk.text !== 'string' ||
      end16 - start16 !== chunk.text.length ||
      !doc.canonical.startsWith(chunk.text, start16)
    ) {
      throw notCiting(
        doc,
        seq,
        chunk,
        `its text is not the canonical text at code points [${start}, ${end})`,
      );
    }
    const startByte = index.byteAt16(start16);
    const endByte = index.byteAt16(end16);
    if (start_byte !== startByte || end_byte !== endByte) {
      throw notCiting(
        doc,
        seq,
        chunk,
        `bad byte offsets: expected ${startByte}..${endByte} for code points [${start}, ${end}), received ${start_byte}..${end_byte}`,
      );
    }
  }
}

function notCiting(doc: CairnDocument, seq: number, chunk: Chunk, problem: string): CairnError {
  return new CairnError(
    'invalid_option',
    `Chunk ${seq} does not cite ${doc.source_url}: ${problem}. Chunks must come from this document (ensure(store, doc, chunker) chunks it itself)`,
    { details: { source: doc.source_url, doc_uid: doc.doc_uid, chunk: seq, ...chunk.span } },
  );
}

function isOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
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
