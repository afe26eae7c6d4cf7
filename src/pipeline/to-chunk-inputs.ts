import { hash } from 'node:crypto';
import type { Chunk } from '../chunk/types.js';
import type { ChunkInput } from '../store/types.js';
import type { CairnDocument } from '../types.js';
import { primaryBlockType, textHash } from './canonical-fields.js';
import { deriveAnchor } from './derive-anchor.js';
import type { PrecomputedWrite } from './precompute-write.js';

/**
 * A chunker's chunks with their IDs as store rows. `chunk_index` and
 * `total_chunks` count within a JSON string node (seed 004), within the
 * whole document otherwise; `seq` is the position in the chunker's output.
 * Chunks of a JSON string node carry the node's hash and their offsets
 * within the node. `precomputed` anchors and hashes stand for the chunks' own.
 */
export function toChunkInputs(
  doc: CairnDocument,
  chunks: readonly Chunk[],
  ids: readonly string[],
  precomputed?: Pick<PrecomputedWrite, 'anchors' | 'hashes'>,
): ChunkInput[] {
  const totals = new Map<string, number>();
  for (const chunk of chunks) {
    const pointer = chunk.json_pointer ?? '';
    totals.set(pointer, (totals.get(pointer) ?? 0) + 1);
  }
  const nodeHashes = jsonNodeHashes(doc);
  const nodeStarts = new Map(doc.json_nodes.map((node) => [node.json_pointer, node.span.start]));
  const next = new Map<string, number>();
  return chunks.map((chunk, seq) => {
    const pointer = chunk.json_pointer ?? '';
    const index = next.get(pointer) ?? 0;
    next.set(pointer, index + 1);
    const nodeHash = pointer === '' ? undefined : nodeHashes.get(pointer);
    const nodeStart = nodeStarts.get(pointer);
    const inNode = nodeHash !== undefined && nodeStart !== undefined;
    return {
      chunk_id: ids[seq]!,
      seq,
      json_pointer: pointer,
      chunk_index: index,
      total_chunks: totals.get(pointer)!,
      text: chunk.text,
      char_start: chunk.span.start,
      char_end: chunk.span.end,
      byte_start: chunk.span.start_byte,
      byte_end: chunk.span.end_byte,
      tokens: chunk.token_count,
      section_id: chunk.sect_path,
      heading_path: chunk.heading_path,
      page: chunk.page,
      block_type: primaryBlockType(chunk.block_types),
      anchor: precomputed ? (precomputed.anchors[seq] ?? null) : deriveAnchor(chunk.text),
      hash: precomputed ? precomputed.hashes[seq]! : textHash(chunk.text),
      node_start: inNode ? chunk.span.start - nodeStart : null,
      node_end: inNode ? chunk.span.end - nodeStart : null,
      node_hash: inNode ? nodeHash : null,
    };
  });
}

/**
 * sha256 hex of each JSON string node's whole text (seed 004's
 * `content_hash`), hashed from the UTF-8 bytes its span names, which are
 * the node string's own UTF-8.
 */
export function jsonNodeHashes(doc: CairnDocument): Map<string, string> {
  const out = new Map<string, string>();
  if (doc.json_nodes.length === 0) return out;
  const bytes = Buffer.from(doc.canonical, 'utf8');
  for (const node of doc.json_nodes) {
    const { start_byte, end_byte } = node.span;
    out.set(node.json_pointer, hash('sha256', bytes.subarray(start_byte, end_byte), 'hex'));
  }
  return out;
}
