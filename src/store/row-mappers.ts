import type { Format } from '../types.js';
import type {
  ChunkRow,
  ChunkSetRow,
  DocumentRow,
  IndexManifestRow,
  RagTraceRow,
  RedirectKind,
  RedirectRow,
  SeenFileRow,
  VersionRow,
  VersionWithText,
} from './types.js';

/**
 * Raw rows differ by driver (numbers as numbers or strings, JSON as text
 * or parsed); everything above the drivers sees these shapes only.
 */
type Raw = Record<string, unknown>;

export const DOCUMENT_COLUMNS =
  'id, doc_uid, source_url, media_type, format, title, current_version_id, created_at, updated_at, removed_at';
export const VERSION_COLUMNS =
  'id, document_id, seq, content_hash, model_version, rev, lineage_rev, length, byte_length, created_at';
/** A chunk row as stored; `readChunkRows` makes it whole. */
export const CHUNK_COLUMNS =
  'id, document_id, version_id, chunker_id, chunk_id, seq, node, chunk_index, total_chunks, text, ' +
  'char_start, char_end, byte_start, byte_end, tokens, section_id, heading_path, page, block_type, anchor, ' +
  'anchor_at, anchor_len, hash, node_start, node_end, node_hash, ' +
  // a chunk is written with its set and never changed: the set's time is its own
  '(SELECT s.created_at FROM chunk_sets s WHERE s.version_id = chunks.version_id AND s.chunker_id = chunks.chunker_id) AS created_at';

export function toDocument(raw: Raw): DocumentRow {
  return {
    id: num(raw.id),
    doc_uid: String(raw.doc_uid),
    source_url: String(raw.source_url),
    media_type: String(raw.media_type),
    format: String(raw.format) as Format,
    title: nullableString(raw.title),
    current_version_id: num(raw.current_version_id),
    created_at: time(raw.created_at),
    updated_at: time(raw.updated_at),
    removed_at:
      raw.removed_at === null || raw.removed_at === undefined ? null : time(raw.removed_at),
  };
}

export function toVersion(raw: Raw): VersionRow {
  return {
    id: num(raw.id),
    document_id: num(raw.document_id),
    seq: num(raw.seq),
    content_hash: String(raw.content_hash),
    model_version: num(raw.model_version),
    rev: String(raw.rev),
    lineage_rev: String(raw.lineage_rev),
    length: num(raw.length),
    byte_length: num(raw.byte_length),
    created_at: time(raw.created_at),
  };
}

/** `canonical` and `model` come decoded: the store keeps both compressed (version-text.ts, encode-model.ts). */
export function toVersionWithText(
  raw: Raw,
  canonical: string,
  model: VersionWithText['model'],
): VersionWithText {
  return { ...toVersion(raw), canonical, model };
}

export function toChunk(raw: Raw): ChunkRow {
  return {
    id: num(raw.id),
    document_id: num(raw.document_id),
    version_id: num(raw.version_id),
    chunker_id: String(raw.chunker_id),
    chunk_id: String(raw.chunk_id),
    seq: num(raw.seq),
    // the stored row's node, text and anchor are filled in by readChunkRows
    json_pointer: '',
    chunk_index: num(raw.chunk_index),
    total_chunks: num(raw.total_chunks),
    text: raw.text === null ? '' : String(raw.text),
    char_start: num(raw.char_start),
    char_end: num(raw.char_end),
    byte_start: num(raw.byte_start),
    byte_end: num(raw.byte_end),
    tokens: num(raw.tokens),
    section_id: nullableString(raw.section_id),
    heading_path: json(raw.heading_path) as string[],
    page: raw.page === null ? null : num(raw.page),
    block_type: nullableString(raw.block_type),
    anchor: nullableString(raw.anchor),
    // SQLite keeps a sha256 hex as its 32 bytes (`insertChunks`)
    hash: raw.hash instanceof Uint8Array ? Buffer.from(raw.hash).toString('hex') : String(raw.hash),
    node_start:
      raw.node_start === null || raw.node_start === undefined ? null : num(raw.node_start),
    node_end: raw.node_end === null || raw.node_end === undefined ? null : num(raw.node_end),
    node_hash: nullableString(raw.node_hash),
    created_at: time(raw.created_at),
    updated_at: time(raw.updated_at ?? raw.created_at),
  };
}

export function toChunkSet(raw: Raw): ChunkSetRow {
  return {
    version_id: num(raw.version_id),
    chunker_id: String(raw.chunker_id),
    lineage_rev: String(raw.lineage_rev),
    chunk_count: num(raw.chunk_count),
    digest: String(raw.digest),
    created_at: time(raw.created_at),
  };
}

export function toRedirect(raw: Raw): RedirectRow {
  return {
    document_id: num(raw.document_id),
    chunker_id: String(raw.chunker_id),
    version_id: num(raw.version_id),
    from_chunk_id: String(raw.from_chunk_id),
    to_chunk_id: nullableString(raw.to_chunk_id),
    kind: String(raw.kind) as RedirectKind,
    created_at: time(raw.created_at),
  };
}

export function toSeenFile(raw: Raw): SeenFileRow {
  return {
    source_url: String(raw.source_url),
    settings_key: String(raw.settings_key),
    size: num(raw.size),
    mtime_ms: num(raw.mtime_ms),
    file_hash: String(raw.file_hash),
    document_id: num(raw.document_id),
    version_id: num(raw.version_id),
    seen_at_ms: num(raw.seen_at_ms),
  };
}

export function toIndexManifest(raw: Raw): IndexManifestRow {
  return {
    index_hash: String(raw.index_hash),
    kind: String(raw.kind),
    chunker_id: String(raw.chunker_id),
    analyzer: nullableString(raw.analyzer),
    embed_model: nullableString(raw.embed_model),
    params: json(raw.params) as Record<string, unknown>,
    chunk_count: num(raw.chunk_count),
    created_at: time(raw.created_at),
  };
}

export function toRagTrace(raw: Raw): RagTraceRow {
  return {
    ts: time(raw.ts),
    qid: String(raw.qid),
    seg: num(raw.seg),
    // PostgreSQL folds the unquoted column name to lower case.
    deltaS: num(raw.deltaS ?? raw.deltas),
    lambda_state: String(raw.lambda_state),
    store: nullableString(raw.store),
    index_hash: nullableString(raw.index_hash),
    embed_model: nullableString(raw.embed_model),
    analyzer: nullableString(raw.analyzer),
    section_id: nullableString(raw.section_id),
    rev: nullableString(raw.rev),
    citations: json(raw.citations),
    scores: json(raw.scores),
    kpos: json(raw.kpos),
    kfinal: json(raw.kfinal),
  };
}

function num(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

function nullableString(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** SQLite keeps JSON as text; pg parses jsonb (and leaves text columns as strings). */
function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** ISO 8601 in UTC whatever the column type. */
function time(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
