import { createHash } from 'node:crypto';

/**
 * sha256 over each chunk's ID, text hash and span in order: two chunk sets
 * with the same digest hold the same chunks. Stored with the set, and
 * recomputed by checks (a crash test compares them).
 */
export function chunkSetDigest(
  chunks: readonly { chunk_id: string; hash: string; char_start: number; char_end: number }[],
): string {
  const hash = createHash('sha256');
  for (const chunk of chunks)
    hash.update(`${chunk.chunk_id}\t${chunk.hash}\t${chunk.char_start}\t${chunk.char_end}\n`);
  return hash.digest('hex');
}
