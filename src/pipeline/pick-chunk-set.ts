import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import type { ChunkSetRow } from '../store/types.js';

/**
 * The chunk set a reader sees for a version: the one of the chunker asked
 * for (id, name or alias), else the registry default's, else the first
 * stored. Undefined when the version has none that matches.
 */
export function pickChunkSet(
  sets: readonly ChunkSetRow[],
  chunker: string | undefined,
): ChunkSetRow | undefined {
  const registry = defaultChunkerRegistry();
  if (chunker !== undefined) {
    const id = registry.id_of(chunker);
    return sets.find((s) => s.chunker_id === id);
  }
  const preferred = registry.get('default').chunker_id;
  return sets.find((s) => s.chunker_id === preferred) ?? sets[0];
}
