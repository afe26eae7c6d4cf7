import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { isCairnError } from '../errors.js';
import { legibleSection, sectionSourceUrl } from '../pipeline/legible-section.js';
import { type ResolveResult, resolveChunk } from '../pipeline/resolve-chunk.js';
import type { ChunkRow, ChunkStore, VersionRow } from '../store/types.js';
import { NO_SECTION_ID } from '../types.js';
import { checkIndexIdentity } from './check-index-identity.js';
import type { CitationStatusReason, StoreVerdict } from './citation-status.js';
import type { CiteLookups } from './cite-lookups.js';
import { findCitedChunker } from './find-cited-chunker.js';
import { type CitedFields, readCitedFields } from './read-cited-fields.js';
import type { ReadCitation } from './shapes/types.js';
import type { CitationLookupOptions } from './types.js';

/** The store's verdict on one citation, and the chunk row it was checked against (null when none was found). */
export interface CitedChunk {
  verdict: StoreVerdict;
  row: ChunkRow | null;
}

/**
 * Checks each citation's chunk against the store, in order; one verdict per
 * citation. The rules, first failure wins:
 *
 * 1. `snippet_id` resolves (`resolveChunk`, redirects followed), else
 *    `snippet_not_found` (never stored, or not a chunk ID at all) or
 *    `snippet_deleted` (also when a redirect of kind `deleted` was followed:
 *    it leads to a neighbour, not to the cited text).
 * 2. The cited chunk is the row of that ID in the version the citation's
 *    `rev` names, else in the current version, else the newest stored one.
 *    `doc_id` / `source_url` (a `#fragment` allowed) must name its document
 *    (`document_mismatch`), `section_id` its section (`section_mismatch`).
 * 3. `offsets` must hold exactly the chunk's stored text in that version's
 *    canonical text (`offsets_mismatch`), when the citation's shape claims
 *    offsets (cairn's); other shapes cite the chunk whole.
 * 4. Revision: a citation of an old version (an old rev, or an ID that
 *    redirects) whose live chunk no longer holds the cited text unchanged is
 *    `unverified` with `rev_not_current`, as is a rev that names no version
 *    holding the chunk.
 * 5. Index identity (`checkIndexIdentity`), when the citation names an
 *    `index_hash`, `analyzer` or `embed_model`: one the store's index
 *    manifests do not back is `mismatch_index_hash`, `analyzer_mismatch` or
 *    `embed_model_mismatch`; an index recorded before the live one adds a
 *    `stale_index` warning.
 * 6. Then a citation of the current version is `verified`, one of an old
 *    version whose words the live chunk still holds `redirected`.
 *
 * Quotes are not read here: the audit locates them in the row checked.
 * Throws only what the store throws, and `invalid_option` when an ID
 * belongs to several chunkers and none was chosen.
 */
export async function checkCitedChunks(
  lookups: CiteLookups,
  citations: readonly Pick<ReadCitation, 'cited' | 'claims_offsets'>[],
  options: CitationLookupOptions = {},
): Promise<CitedChunk[]> {
  const registry = defaultChunkerRegistry();
  const prefer = options.prefer_chunker ?? registry.get('default').chunker_id;
  // a name or alias (`default`, `char`), as cairn show takes it: the store keys chunks by id
  const chunker = options.chunker === undefined ? undefined : registry.id_of(options.chunker);
  const checked: CitedChunk[] = [];
  for (const citation of citations) {
    checked.push(
      await checkOne(lookups, citation, {
        ...options,
        prefer_chunker: prefer,
        ...(chunker === undefined ? {} : { chunker }),
      }),
    );
  }
  return checked;
}

/** A verdict that does not back its citation. */
export const unverifiedVerdict = (
  reason: CitationStatusReason,
  detail: string,
  extra: Partial<StoreVerdict> = {},
): StoreVerdict => ({
  status: 'unverified',
  reason,
  detail,
  resolved_snippet_id: null,
  hops: [],
  checked_rev: null,
  warnings: [],
  ...extra,
});

async function checkOne(
  lookups: CiteLookups,
  citation: Pick<ReadCitation, 'cited' | 'claims_offsets'>,
  options: CitationLookupOptions,
): Promise<CitedChunk> {
  const store = lookups.store;
  const cited = readCitedFields(citation.cited);
  let chunk: ChunkRow | undefined;
  const checked = (verdict: StoreVerdict): CitedChunk => ({ verdict, row: chunk ?? null });
  const fail = (
    reason: CitationStatusReason,
    detail: string,
    extra: Partial<StoreVerdict> = {},
  ): CitedChunk => checked(unverifiedVerdict(reason, detail, extra));
  const id = cited.snippet_id;
  if (id === null) return fail('snippet_not_found', 'the citation has no snippet_id');

  // chunk IDs are per chunker: two chunkers of one document share many, with other spans
  const prefer =
    options.chunker === undefined
      ? ((await findCitedChunker(lookups, cited)) ?? options.prefer_chunker)
      : options.prefer_chunker;
  let resolved: ResolveResult;
  try {
    resolved = await resolveChunk(store, id, {
      ...(options.chunker === undefined ? {} : { chunker: options.chunker }),
      ...(prefer === undefined ? {} : { prefer_chunker: prefer }),
      ...(options.chunker_hint === undefined ? {} : { chunker_hint: options.chunker_hint }),
    });
  } catch (error) {
    if (isCairnError(error, 'malformed_chunk_id'))
      return fail('snippet_not_found', `${JSON.stringify(id)} is not a chunk ID`);
    if (isCairnError(error, 'chunk_not_found'))
      return fail('snippet_not_found', `no chunk ${id} in the store`);
    if (isCairnError(error, 'redirect_loop'))
      return fail('snippet_not_found', `the redirects from ${id} go round`);
    throw error;
  }
  const hops = resolved.hops;
  if (resolved.status === 'deleted')
    return fail('snippet_deleted', `a later version deleted ${id}`, { hops });
  // a 'deleted' redirect leads to the nearest surviving chunk (docs/chunk-ids.md), not to the
  // cited words: saying "the text changed; the live chunk is X" would pass X off as their new form
  if (resolved.status === 'live' && resolved.text_deleted)
    return fail(
      'snippet_deleted',
      `a later version deleted the text of ${id}; its redirect leads to the nearest surviving chunk ${resolved.chunk.chunk_id}`,
      { hops, resolved_snippet_id: resolved.chunk.chunk_id },
    );
  const live = resolved.status === 'live' ? resolved.chunk : null;
  const documentId =
    resolved.status === 'live' ? resolved.chunk.document_id : resolved.last?.document_id;
  const document = resolved.document;
  if (documentId === undefined || document === null)
    return fail('snippet_not_found', `no chunk ${id} in the store`, { hops });

  const versions = await lookups.versions(documentId);
  const rows = await lookups.chunks(id, resolved.chunker_id);
  const revOf = (row: ChunkRow): string | undefined =>
    versions.find((v) => v.id === row.version_id)?.rev;
  if (cited.rev !== null) chunk = rows.find((row) => revOf(row) === cited.rev);
  const revUnknown = cited.rev !== null && chunk === undefined;
  chunk ??= rows.find((row) => row.version_id === document.current_version_id) ?? rows[0];
  if (chunk === undefined)
    return fail('snippet_not_found', `no chunk ${id} in the store`, { hops });
  const checkedRev = revOf(chunk) ?? null;
  const at = { hops, checked_rev: checkedRev };

  if (cited.doc_id !== null && cited.doc_id !== document.doc_uid)
    return fail(
      'document_mismatch',
      `doc_id ${JSON.stringify(cited.doc_id)}, but the chunk is of ${JSON.stringify(document.doc_uid)}`,
      at,
    );
  const legible = await legibleSection(store, chunk);
  const sourceUrl = sectionSourceUrl(document.source_url, legible);
  if (
    cited.source_url !== null &&
    cited.source_url !== document.source_url &&
    cited.source_url !== sourceUrl &&
    !cited.source_url.startsWith(`${document.source_url}#`)
  )
    return fail(
      'document_mismatch',
      `source_url ${JSON.stringify(cited.source_url)}, but the chunk is of ${JSON.stringify(document.source_url)}`,
      at,
    );
  const section = legible.section_id;
  // the dot path (the chunk ID's s=) is what payloads carried before legible ids: those still verify
  const dotPath = chunk.section_id || NO_SECTION_ID;
  // an empty section_id names the no-heading section too: payloads that leave it empty verify
  const citedSection = cited.section_id === '' ? NO_SECTION_ID : cited.section_id;
  if (citedSection !== null && citedSection !== section && citedSection !== dotPath)
    return fail(
      'section_mismatch',
      `section_id ${JSON.stringify(cited.section_id)}, but the chunk is in section ${JSON.stringify(section)}`,
      at,
    );

  if (citation.claims_offsets) {
    const wrong = await offsetsProblem(store, chunk, versions, cited);
    if (wrong !== null) return fail('offsets_mismatch', wrong, at);
  }
  if (revUnknown)
    return fail(
      'rev_not_current',
      `rev ${JSON.stringify(cited.rev)} names no version holding ${id}; the current rev is ${currentRev(versions, document.current_version_id)}`,
      at,
    );
  if (live === null)
    return fail(
      'rev_not_current',
      `${id} is a chunk of rev ${checkedRev} only; the document has moved on without a redirect`,
      at,
    );
  const current = chunk.version_id === live.version_id && chunk.chunk_id === live.chunk_id;
  const unchanged = chunk.hash === live.hash && chunk.text === live.text;
  if (!current && !unchanged)
    return fail(
      'rev_not_current',
      `the text cited from rev ${checkedRev} changed; the live chunk is ${live.chunk_id}`,
      { ...at, resolved_snippet_id: live.chunk_id },
    );
  const identity = await checkIndexIdentity(lookups, cited, resolved.chunker_id);
  if (identity.status === 'mismatch')
    return fail(identity.reason, identity.detail, {
      ...at,
      resolved_snippet_id: live.chunk_id,
      index_mismatch: {
        field: identity.field,
        expected: identity.expected,
        received: identity.received,
      },
    });
  const warnings = identity.warning === null ? [] : [identity.warning];
  if (current)
    return checked({
      status: 'verified',
      reason: null,
      detail: null,
      resolved_snippet_id: live.chunk_id,
      hops,
      checked_rev: checkedRev,
      warnings,
    });
  return checked({
    status: 'redirected',
    reason: null,
    detail: `rev ${checkedRev} is not current; the live chunk ${live.chunk_id} holds the same text`,
    resolved_snippet_id: live.chunk_id,
    hops,
    checked_rev: checkedRev,
    warnings,
  });
}

/** Why the cited offsets do not hold the chunk's stored text in its version; null when they do. */
async function offsetsProblem(
  store: ChunkStore,
  chunk: ChunkRow,
  versions: readonly VersionRow[],
  { start, end }: CitedFields,
): Promise<string | null> {
  const version = versions.find((v) => v.id === chunk.version_id);
  const expected = `[${chunk.char_start}, ${chunk.char_end})`;
  if (start === null || end === null || version === undefined)
    return `no integer offsets; the chunk is at ${expected}`;
  if (!(start >= 0 && start < end && end <= version.length))
    return `[${start}, ${end}) is not a span of the ${version.length} code points of rev ${version.rev}; the chunk is at ${expected}`;
  // the store wrote each chunk as its version's canonical text at the chunk's span: a citation of
  // exactly that span needs no read of the version's text (megabytes for a long document)
  const span =
    start === chunk.char_start && end === chunk.char_end
      ? chunk.text
      : await store.getCanonicalSlice(version.id, start, end);
  return span === chunk.text
    ? null
    : `[${start}, ${end}) does not hold the chunk's text in rev ${version.rev}; the chunk is at ${expected}`;
}

const currentRev = (versions: readonly VersionRow[], currentId: number): string =>
  versions.find((v) => v.id === currentId)?.rev ?? 'unknown';
