import { hash } from 'node:crypto';
import type { Chunk } from '../chunk/types.js';
import type { ChunkInput } from '../store/types.js';
import { deriveAnchor } from './derive-anchor.js';

/**
 * A chunker's chunks with their IDs as store rows. `chunk_index` and
 * `total_chunks` count within a JSON string node (seed 004), within the
 * whole document otherwise; `seq` is the position in the chunker's output.
 */
export function toChunkInputs(chunks: readonly Chunk[], ids: readonly string[]): ChunkInput[] {
  const totals = new Map<string, number>();
  for (const chunk of chunks) {
    const pointer = chunk.json_pointer ?? '';
    totals.set(pointer, (totals.get(pointer) ?? 0) + 1);
  }
  const next = new Map<string, number>();
  return chunks.map((chunk, seq) => {
    const pointer = chunk.json_pointer ?? '';
    const index = next.get(pointer) ?? 0;
    next.set(pointer, index + 1);
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
      anchor: deriveAnchor(chunk.text),
      // one-shot hashing: a fresh Hash object per chunk costs more than the digest of a short text
      hash: hash('sha256', chunk.text, 'hex'),
    };
  });
}

/** The payload's single `block_type`: the first type other than a heading, since a chunk usually opens with its heading. */
function primaryBlockType(types: readonly string[]): string | null {
  return types.find((type) => type !== 'heading') ?? types[0] ?? null;
}
