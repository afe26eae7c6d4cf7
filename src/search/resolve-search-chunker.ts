import { parseChunkerId } from '../chunk/chunker-id.js';
import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { CairnError } from '../errors.js';
import type { ChunkStore, LexicalIndexState } from '../store/types.js';

/**
 * The chunker whose chunks a search reads, checked against what the store
 * holds, so that a typo or a chunker never stored is an error rather than
 * an empty result:
 * - an id the store has is taken as it is;
 * - a name or alias is taken at its default settings when the store has
 *   those, else as the one stored chunker of that name (late chunking with
 *   other settings), and is ambiguous when several are stored;
 * - no chunker means the default, or the store's only chunker when it has
 *   one other than the default.
 * An empty store answers with the default (and no hits).
 */
export async function resolveSearchChunker(
  store: ChunkStore,
  requested: string | undefined,
): Promise<string> {
  return (await resolveSearchIndex(store, requested)).chunker_id;
}

/**
 * `resolveSearchChunker`, with the chunker's index state when resolving
 * read it (the common case), so that a search reads it once.
 */
export async function resolveSearchIndex(
  store: ChunkStore,
  requested: string | undefined,
): Promise<{ chunker_id: string; state: LexicalIndexState | null }> {
  const registry = defaultChunkerRegistry();
  const wanted = requested === undefined || requested === '' ? 'default' : requested;
  const id = registry.id_of(wanted);
  const state = await store.getLexicalIndexState(id);
  if (state.sets.length > 0) return { chunker_id: id, state };
  return { chunker_id: await storedChunker(store, { wanted, id, requested }), state: null };
}

async function storedChunker(
  store: ChunkStore,
  { wanted, id, requested }: { wanted: string; id: string; requested: string | undefined },
): Promise<string> {
  const registry = defaultChunkerRegistry();
  const stored = await store.listChunkerIds();
  if (stored.includes(wanted)) return wanted;
  if (stored.includes(id)) return id;
  if (stored.length === 0) {
    // nothing stored to name: a chunker the registry knows, or any well-formed id, finds nothing;
    // anything else is the registry's own unknown_chunker, which lists the chunkers it has
    if (!registry.has(wanted) && parseChunkerId(wanted) === null) registry.get(wanted);
    return id;
  }
  if (requested === undefined || requested === '') {
    if (stored.length === 1) return stored[0]!;
    throw noChunksOf(id, stored, 'say which with the chunker option');
  }
  // a kind built only with settings (semantic) has no default id: its bare name is the name
  const name =
    parseChunkerId(id)?.name ?? (registry.list_names().names.includes(wanted) ? wanted : undefined);
  const sameName =
    name === undefined || parseChunkerId(wanted) !== null
      ? []
      : stored.filter((storedId) => parseChunkerId(storedId)?.name === name);
  if (sameName.length === 1) return sameName[0]!;
  throw noChunksOf(
    id,
    sameName.length > 1 ? sameName : stored,
    sameName.length > 1 ? `${wanted} names several: give a full id` : 'give one of them',
  );
}

function noChunksOf(id: string, stored: readonly string[], advice: string): CairnError {
  return new CairnError(
    'unknown_chunker',
    `The store has no chunks of ${id.slice(0, 120)}; it has chunks of ${stored.join(', ')}: ${advice}`,
    { details: { chunker: id.slice(0, 120), stored_chunkers: [...stored] } },
  );
}
