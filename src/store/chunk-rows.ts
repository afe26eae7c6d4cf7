import type { ChunkInput } from './types.js';

/** A chunk set's rows as the chunks table and the lexical index take them. */
export interface ChunkRows {
  document_id: number;
  version_id: number;
  chunker_id: string;
  chunks: readonly ChunkInput[];
  /** Each chunk's `heading_path` column as stored (`storedHeadingPaths`). */
  heading_paths: readonly string[];
  /** Each chunk's heading field for the lexical index (`headingFieldText`). */
  headings: readonly string[];
  /** Each chunk's `text` column: null where the text is its span of the canonical text (`storedTexts`). */
  texts: readonly (string | null)[];
  /** Each chunk's JSON node (`json_nodes`), 0 for the root pointer `''` (`jsonNodeRows`). */
  nodes: readonly number[];
}

interface ChunkColumn {
  name: string;
  /** The column's PostgreSQL type, which an array of its values is cast to. */
  pg_type: string;
  /** The same for every row of a set: PostgreSQL binds it once. */
  per_set: boolean;
  value(rows: ChunkRows, i: number): unknown;
}

const perSet = (name: string, pg_type: string, value: (rows: ChunkRows) => unknown) => ({
  name,
  pg_type,
  per_set: true,
  value,
});

const perChunk = <K extends keyof ChunkInput>(name: K, pg_type: string): ChunkColumn => ({
  name,
  pg_type,
  per_set: false,
  value: (rows, i) => rows.chunks[i]![name],
});

const derived = (
  name: string,
  pg_type: string,
  value: (rows: ChunkRows, i: number) => unknown,
): ChunkColumn => ({ name, pg_type, per_set: false, value });

/**
 * Where a chunk's anchor lies in its text (UTF-16 offset and length), so
 * the row keeps two numbers instead of a copy. A negative length stands
 * for an anchor cut short: that many units of the text and `…`. Null when
 * the anchor is no span of the text (its whitespace collapsed) or there is
 * none.
 */
export function anchorSpan(chunk: Pick<ChunkInput, 'anchor' | 'text'>): [number, number] | null {
  const { anchor, text } = chunk;
  if (anchor === null || anchor === '') return null;
  const at = text.indexOf(anchor);
  if (at >= 0) return [at, anchor.length];
  if (!anchor.endsWith('…') || anchor.length < 2) return null;
  const cut = text.indexOf(anchor.slice(0, -1));
  return cut < 0 ? null : [cut, 1 - anchor.length];
}

/** The anchor `anchorSpan` names in `text`. */
export function anchorOf(text: string, at: number, length: number): string {
  return length < 0 ? `${text.slice(at, at - length)}…` : text.slice(at, at + length);
}

/** The chunks table's columns a chunk insert fills (the row id and the index column aside), in order. */
export const CHUNK_INSERT_COLUMNS: readonly ChunkColumn[] = [
  perSet('document_id', 'bigint', (rows) => rows.document_id),
  perSet('version_id', 'bigint', (rows) => rows.version_id),
  perSet('chunker_id', 'text', (rows) => rows.chunker_id),
  perChunk('chunk_id', 'text'),
  perChunk('seq', 'integer'),
  derived('node', 'integer', (rows, i) => rows.nodes[i]),
  perChunk('chunk_index', 'integer'),
  perChunk('total_chunks', 'integer'),
  derived('text', 'text', (rows, i) => rows.texts[i]),
  perChunk('char_start', 'integer'),
  perChunk('char_end', 'integer'),
  perChunk('byte_start', 'integer'),
  perChunk('byte_end', 'integer'),
  perChunk('tokens', 'integer'),
  perChunk('section_id', 'text'),
  derived('heading_path', 'jsonb', (rows, i) => rows.heading_paths[i]),
  perChunk('page', 'integer'),
  perChunk('block_type', 'text'),
  derived('anchor', 'text', (rows, i) =>
    anchorSpan(rows.chunks[i]!) === null ? rows.chunks[i]!.anchor : null,
  ),
  derived('anchor_at', 'integer', (rows, i) => anchorSpan(rows.chunks[i]!)?.[0] ?? null),
  derived('anchor_len', 'integer', (rows, i) => anchorSpan(rows.chunks[i]!)?.[1] ?? null),
  perChunk('hash', 'text'),
  perChunk('node_start', 'integer'),
  perChunk('node_end', 'integer'),
  perChunk('node_hash', 'text'),
];
