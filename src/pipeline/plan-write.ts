import { createHash } from 'node:crypto';
import type { Chunk } from '../chunk/types.js';
import type { ChangeKind } from '../ids/align-chunk-ids.js';
import { modelVersionOf } from '../parse/model-version.js';
import { chunkSetDigest } from '../store/chunk-set-digest.js';
import type { DocumentState, WriteVersionInput } from '../store/document-store.js';
import { encodeGeometry } from '../store/encode-geometry.js';
import type { ChunkStore } from '../store/types.js';
import type { CairnDocument } from '../types.js';
import { type NodeReport, reportNodes } from './node-report.js';
import { planChunkIds } from './plan-chunk-ids.js';
import {
  documentSectionRecords,
  encodeDocumentModel,
  type PrecomputedWrite,
} from './precompute-write.js';
import { toChunkInputs } from './to-chunk-inputs.js';

/** What `ensure` writes for a document whose stored state it read (or found missing). */
export interface WritePlan {
  /** `created`, `updated` or `chunked`: what the write does when it commits. */
  status: 'created' | 'updated' | 'chunked';
  input: WriteVersionInput;
  change: ChangeKind | null;
  first_chunk_id: string | null;
  /** Seed 000's collision policy: why `r=` is longer than 8 hex digits, when it is. */
  warnings: string[];
  /** JSON documents: what the write does to each string node. */
  nodes: NodeReport[];
}

export interface WriteRequest {
  /** What the store holds of the document (null: nothing). */
  state: DocumentState | null;
  doc: CairnDocument;
  chunker_id: string;
  chunks: readonly Chunk[];
  /** The file the document was parsed from: kept with a new PDF version, whose page view shows it. */
  source_bytes?: Uint8Array;
  /** Computed from this very document and these chunks (`precomputeWrite`, on a worker): used as they are. */
  precomputed?: PrecomputedWrite;
}

/**
 * The write for a document that is not stored unchanged: a first version, a
 * new version with its chunks (IDs aligned with the current version's), a
 * stored version coming back (its own chunks and IDs stand; the current
 * IDs redirect to them), or the current version gaining this chunker's
 * chunks. The IDs are planned once, from what the state says.
 */
export async function planWrite(store: ChunkStore, request: WriteRequest): Promise<WritePlan> {
  const { state, doc, chunks } = request;
  const chunkerId = request.chunker_id;
  const same = state?.same_content ?? null;
  // Stored content came back (A, B, A): its chunks and IDs stand.
  const returning =
    same !== null && state?.same_content_chunk_set
      ? await store.listChunks(same.id, chunkerId)
      : null;
  const plan = await planChunkIds(store, {
    document_id: state?.document.id ?? null,
    doc,
    chunks,
    chunker_id: chunkerId,
    ...(state === null ? {} : { prefer_version_id: state.current.id }),
    ...(same === null ? {} : { exclude_version_id: same.id }),
    ...(request.precomputed === undefined ? {} : { fresh_ids: request.precomputed.fresh_ids }),
    ...(returning !== null
      ? { keep_ids: returning.map((chunk) => chunk.chunk_id) }
      : same !== null
        ? { fallback_rev: same.lineage_rev }
        : {}),
  });
  const nodes = reportNodes(doc, plan.previous);
  const base = {
    document: {
      doc_uid: doc.doc_uid,
      source_url: doc.source_url,
      media_type: doc.media_type,
      format: doc.format,
      title: doc.title,
    },
    expect_current: state?.current.id ?? null,
    chunker_id: chunkerId,
    redirects: plan.redirects,
  };
  if (same !== null && returning !== null) {
    return {
      status: 'updated',
      change: plan.change,
      first_chunk_id: returning[0]?.chunk_id ?? null,
      warnings: plan.warnings,
      nodes,
      input: { ...base, version: { existing_id: same.id } },
    };
  }
  const rows = toChunkInputs(doc, chunks, plan.ids, request.precomputed);
  return {
    status: state === null ? 'created' : same?.id === state.current.id ? 'chunked' : 'updated',
    change: plan.change,
    first_chunk_id: plan.ids[0] ?? null,
    warnings: plan.warnings,
    nodes,
    input: {
      ...base,
      version:
        same === null ? await versionInput(request, plan.lineage_rev) : { existing_id: same.id },
      chunks: { lineage_rev: plan.lineage_rev, rows, digest: chunkSetDigest(rows) },
    },
  };
}

/** A new version's row; its model is encoded here, so the write transaction holds no lock while zlib runs. */
async function versionInput(
  request: WriteRequest,
  lineageRev: string,
): Promise<WriteVersionInput['version']> {
  const { doc, precomputed, source_bytes: sourceBytes } = request;
  const layout =
    doc.geometry === undefined
      ? undefined
      : {
          geometry: await encodeGeometry(doc.geometry),
          ...(sourceBytes === undefined
            ? {}
            : {
                source: {
                  media_type: doc.media_type,
                  sha256: createHash('sha256').update(sourceBytes).digest('hex'),
                  bytes: sourceBytes,
                },
              }),
        };
  return {
    ...(layout === undefined ? {} : { layout }),
    content_hash: doc.content_hash,
    model_version: modelVersionOf(doc.format),
    rev: doc.rev,
    lineage_rev: lineageRev,
    canonical: doc.canonical,
    length: doc.length,
    byte_length: doc.byte_length,
    model: precomputed ? toBuffer(precomputed.model) : await encodeDocumentModel(doc),
    sections: precomputed ? precomputed.sections : documentSectionRecords(doc),
  };
}

/** A model's bytes as the drivers bind a blob (a worker's arrive as a plain Uint8Array), without a copy. */
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
