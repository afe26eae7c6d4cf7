import type { ChunkInput } from './types.js';

/** A chunk set's rows as the chunks table and the lexical index take them. */
export interface ChunkRows {
  document_id: number;
  version_id: number;
  chunker_id: string;
  /** The transaction's timestamp (`created_at`, `updated_at`). */
  now: string;
  chunks: readonly ChunkInput[];
  /** Each chunk's `heading_path` column as stored (`storedHeadingPaths`). */
  heading_paths: readonly string[];
  /** Each chunk's heading field for the lexical index (`headingFieldText`). */
  headings: readonly string[];
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

/** The chunks table's columns a chunk insert fills (the row id and the index column aside), in order. */
export const CHUNK_INSERT_COLUMNS: readonly ChunkColumn[] = [
  perSet('document_id', 'bigint', (rows) => rows.document_id),
  perSet('version_id', 'bigint', (rows) => rows.version_id),
  perSet('chunker_id', 'text', (rows) => rows.chunker_id),
  perChunk('chunk_id', 'text'),
  perChunk('seq', 'integer'),
  perChunk('json_pointer', 'text'),
  perChunk('chunk_index', 'integer'),
  perChunk('total_chunks', 'integer'),
  perChunk('text', 'text'),
  perChunk('char_start', 'integer'),
  perChunk('char_end', 'integer'),
  perChunk('byte_start', 'integer'),
  perChunk('byte_end', 'integer'),
  perChunk('tokens', 'integer'),
  perChunk('section_id', 'text'),
  {
    name: 'heading_path',
    pg_type: 'jsonb',
    per_set: false,
    value: (rows, i) => rows.heading_paths[i],
  },
  perChunk('page', 'integer'),
  perChunk('block_type', 'text'),
  perChunk('anchor', 'text'),
  perChunk('hash', 'text'),
  perChunk('node_start', 'integer'),
  perChunk('node_end', 'integer'),
  perChunk('node_hash', 'text'),
  perSet('created_at', 'timestamptz', (rows) => rows.now),
  perSet('updated_at', 'timestamptz', (rows) => rows.now),
];
