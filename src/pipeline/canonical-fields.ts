import { hash } from 'node:crypto';
import type { Chunk } from '../chunk/types.js';
import type { ChunkRow } from '../store/types.js';
import { deriveAnchor } from './derive-anchor.js';

/**
 * Seed 000's canonical fields that every chunk record carries in a payload
 * (search hits, the HTTP chunk routes, the adapters' metadata), beside the
 * citation's own: the chunker that made the chunk, its text's hash, its
 * block type and its anchor.
 */
export interface CanonicalChunkFields {
  chunker_id: string;
  /** `sha256:<hex>` of the chunk's text (UTF-8), the algorithm named as the seed writes `sha1:…`. */
  hash: string;
  /** The chunk's first block type other than a heading (`paragraph`, `table`, `code`, ...). */
  block_type: string | null;
  /** The first salient assertion (`deriveAnchor`); null when the chunk has none. */
  anchor: string | null;
}

/**
 * JSON documents: where the chunk lies in its string node's own text, in code
 * points, half-open (seed 004's `char_start/char_end`), so that
 * `node_text.slice(node_start, node_end)` (by code points) is the chunk's text.
 */
export interface NodeOffsets {
  node_start: number;
  node_end: number;
}

export const HASH_PREFIX = 'sha256:';

/** sha256 hex of a chunk's text, as the store keeps it. */
export function textHash(text: string): string {
  // one-shot hashing: a fresh Hash object per chunk costs more than the digest of a short text
  return hash('sha256', text, 'hex');
}

/** The payload's single `block_type`: the first type other than a heading, since a chunk usually opens with its heading. */
export function primaryBlockType(types: readonly string[]): string | null {
  return types.find((type) => type !== 'heading') ?? types[0] ?? null;
}

/** The canonical fields of a stored chunk. */
export function storedChunkFields(row: ChunkRow): CanonicalChunkFields {
  return {
    chunker_id: row.chunker_id,
    hash: `${HASH_PREFIX}${row.hash}`,
    block_type: row.block_type,
    anchor: row.anchor,
  };
}

/** The canonical fields of a chunk fresh from a chunker (the adapters', which store nothing). */
export function freshChunkFields(chunk: Chunk, chunkerId: string): CanonicalChunkFields {
  return {
    chunker_id: chunkerId,
    hash: `${HASH_PREFIX}${textHash(chunk.text)}`,
    block_type: primaryBlockType(chunk.block_types),
    anchor: deriveAnchor(chunk.text),
  };
}

/** A stored chunk's node offsets, or nothing when it is not from a JSON string node. */
export function storedNodeOffsets(row: ChunkRow): NodeOffsets | Record<string, never> {
  if (row.node_start === null || row.node_end === null) return {};
  return { node_start: row.node_start, node_end: row.node_end };
}
