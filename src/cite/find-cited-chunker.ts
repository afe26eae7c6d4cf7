import type { CiteLookups } from './cite-lookups.js';
import type { CitedFields } from './read-cited-fields.js';

/**
 * The chunker a citation came from, when the store can tell: the chunker of
 * the index its `index_hash` names (search records a manifest per index),
 * else the one chunker whose chunk of that ID has the cited offsets. Null
 * when it cannot tell; the caller's preference then decides.
 */
export async function findCitedChunker(
  lookups: CiteLookups,
  cited: CitedFields,
): Promise<string | null> {
  if (cited.index_hash !== null) {
    const manifest = await lookups.manifest(cited.index_hash);
    if (manifest !== null) return manifest.chunker_id;
  }
  if (cited.snippet_id === null || cited.start === null) return null;
  const rows = await lookups.chunks(cited.snippet_id);
  const matching = new Set(
    rows
      .filter((row) => row.char_start === cited.start && row.char_end === cited.end)
      .map((row) => row.chunker_id),
  );
  return matching.size === 1 ? [...matching][0]! : null;
}
