import { LEXICAL_INDEX_HASH } from '../search/compute-index-hash.js';
import { LEXICAL_EMBED_MODEL } from '../search/ensure-index-manifest.js';
import type { IndexManifestRow } from '../store/types.js';
import type { IndexMismatchReason, StaleIndexWarning } from './citation-status.js';
import type { CiteLookups } from './cite-lookups.js';
import type { CitedFields } from './read-cited-fields.js';

export type IndexIdentity =
  | { status: 'current' | 'not_given' | 'foreign'; warning: null }
  | { status: 'historical'; warning: StaleIndexWarning }
  | {
      status: 'mismatch';
      reason: IndexMismatchReason;
      field: 'index_hash' | 'analyzer' | 'embed_model';
      expected: string;
      received: string;
      detail: string;
    };

/**
 * Seed 001 rules 4 and 6 against the store's index manifests: a citation's
 * `index_hash` names the live index of its chunk's chunker (current), an
 * index the store recorded earlier (historical: a `stale_index` warning
 * with the date the manifest was written), or none the store knows
 * (`mismatch_index_hash`, also when the manifest is of another chunker);
 * its `analyzer` and `embed_model` must be those of the index it names, or
 * of the live index when it names none (`analyzer_mismatch`,
 * `embed_model_mismatch`). A citation carrying none of the three is
 * `not_given`; one whose `index_hash` is not of cairn's form (`lex:` and
 * 40 hex digits) names another system's index (a vector store the chunks
 * were embedded into), which the store has no manifest of: `foreign`, its
 * analyzer and model not compared (`--index-hash` and `--analyzer` pin
 * such a read path). Reads only: the live hash is computed as search
 * computes it, no manifest is written.
 */
export async function checkIndexIdentity(
  lookups: CiteLookups,
  cited: CitedFields,
  chunkerId: string,
): Promise<IndexIdentity> {
  if (cited.index_hash === null && cited.analyzer === null && cited.embed_model === null)
    return { status: 'not_given', warning: null };
  if (cited.index_hash !== null && !LEXICAL_INDEX_HASH.test(cited.index_hash))
    return { status: 'foreign', warning: null };
  const live = await lookups.liveIndex(chunkerId);
  let manifest: IndexManifestRow | null = null;
  if (cited.index_hash !== null && cited.index_hash !== live.index_hash) {
    manifest = await lookups.manifest(cited.index_hash);
    if (manifest === null || manifest.chunker_id !== chunkerId)
      return {
        status: 'mismatch',
        reason: 'mismatch_index_hash',
        field: 'index_hash',
        expected: live.index_hash,
        received: cited.index_hash,
        detail:
          manifest === null
            ? `the store has no index ${cited.index_hash}; the live index of ${chunkerId} is ${live.index_hash}`
            : `index ${cited.index_hash} is of chunker ${manifest.chunker_id}, the chunk is of ${chunkerId} (live index ${live.index_hash})`,
      };
  }
  const analyzer = manifest?.analyzer ?? live.analyzer;
  if (cited.analyzer !== null && cited.analyzer !== analyzer)
    return {
      status: 'mismatch',
      reason: 'analyzer_mismatch',
      field: 'analyzer',
      expected: analyzer,
      received: cited.analyzer,
      detail: `analyzer ${JSON.stringify(cited.analyzer)}, but the index ${manifest === null ? `of ${chunkerId} reads` : `${manifest.index_hash} read`} with ${JSON.stringify(analyzer)}`,
    };
  const embedModel = manifest?.embed_model ?? LEXICAL_EMBED_MODEL;
  if (cited.embed_model !== null && cited.embed_model !== embedModel)
    return {
      status: 'mismatch',
      reason: 'embed_model_mismatch',
      field: 'embed_model',
      expected: embedModel,
      received: cited.embed_model,
      detail: `embed_model ${JSON.stringify(cited.embed_model)}, but the index embeds with ${JSON.stringify(embedModel)}`,
    };
  if (manifest === null) return { status: 'current', warning: null };
  return {
    status: 'historical',
    warning: {
      code: 'stale_index',
      index_hash: manifest.index_hash,
      created_at: manifest.created_at,
      live_index_hash: live.index_hash,
      detail: `index ${manifest.index_hash} (recorded ${manifest.created_at}) is no longer the live index ${live.index_hash} of ${chunkerId}: the chunks indexed have changed since`,
    },
  };
}
