import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { isCairnError } from '../errors.js';
import { collapseWhitespace } from '../load/collapse-whitespace.js';
import { type ResolveResult, resolveChunk } from '../pipeline/resolve-chunk.js';
import type { ChunkRow, ChunkStore, VersionRow } from '../store/types.js';
import { NO_SECTION_ID, QUOTE_FIELD } from './citation-contract.js';
import type { CitationStatusReason, StoreVerdict } from './citation-status.js';

export interface VerifyCitationsOptions {
  /** Resolve among this chunker's chunks (an id, name or alias); by default the chunker that has the ID. */
  chunker?: string;
  /** When several chunkers have an ID: this one (default: the registry's default chunker). */
  prefer_chunker?: string;
  /** How the caller names a chunker, for the error when several have an ID (default `--chunker`). */
  chunker_hint?: string;
}

/** What the checks read of one citation; anything else in it is ignored here. */
interface CitedFields {
  snippet_id: string | null;
  index_hash: string | null;
  doc_id: string | null;
  source_url: string | null;
  section_id: string | null;
  rev: string | null;
  start: number | null;
  end: number | null;
  quote: string | null;
}

/**
 * Checks each citation against the store, in order; one verdict per
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
 *    canonical text (`offsets_mismatch`), and `quote`, when given, must occur
 *    there (`quote_not_found`).
 * 4. Revision: a citation of the current version is `verified`. A citation
 *    of an old version (an old rev, or an ID that redirects) is `redirected`
 *    to the live chunk when that chunk's text is the cited text unchanged:
 *    the words still stand. Otherwise it is `unverified` with
 *    `rev_not_current`, as is a rev that names no version holding the chunk.
 *
 * Throws only what the store throws, and `invalid_option` when an ID
 * belongs to several chunkers and none was chosen.
 */
export async function verifyCitations(
  store: ChunkStore,
  citations: readonly unknown[],
  options: VerifyCitationsOptions = {},
): Promise<StoreVerdict[]> {
  const registry = defaultChunkerRegistry();
  const prefer = options.prefer_chunker ?? registry.get('default').chunker_id;
  // a name or alias (`default`, `char`), as cairn show takes it: the store keys chunks by id
  const chunker = options.chunker === undefined ? undefined : registry.id_of(options.chunker);
  const versions = new Map<number, VersionRow[]>();
  const verdicts: StoreVerdict[] = [];
  for (const citation of citations) {
    verdicts.push(
      await verifyOne(
        store,
        readFields(citation),
        {
          ...options,
          prefer_chunker: prefer,
          ...(chunker === undefined ? {} : { chunker }),
        },
        versions,
      ),
    );
  }
  return verdicts;
}

async function verifyOne(
  store: ChunkStore,
  cited: CitedFields,
  options: VerifyCitationsOptions,
  versionCache: Map<number, VersionRow[]>,
): Promise<StoreVerdict> {
  const fail = (
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
    ...extra,
  });
  const id = cited.snippet_id;
  if (id === null) return fail('snippet_not_found', 'the citation has no snippet_id');

  // chunk IDs are per chunker: two chunkers of one document share many, with other spans
  const prefer =
    options.chunker === undefined
      ? ((await citedChunker(store, cited)) ?? options.prefer_chunker)
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

  let versions = versionCache.get(documentId);
  if (versions === undefined) {
    versions = await store.listVersions(documentId);
    versionCache.set(documentId, versions);
  }
  const rows = await store.findChunks(id, resolved.chunker_id);
  const revOf = (row: ChunkRow): string | undefined =>
    versions.find((v) => v.id === row.version_id)?.rev;
  let chunk: ChunkRow | undefined;
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
  if (
    cited.source_url !== null &&
    cited.source_url !== document.source_url &&
    !cited.source_url.startsWith(`${document.source_url}#`)
  )
    return fail(
      'document_mismatch',
      `source_url ${JSON.stringify(cited.source_url)}, but the chunk is of ${JSON.stringify(document.source_url)}`,
      at,
    );
  const section = chunk.section_id || NO_SECTION_ID;
  // '' is how payloads named the no-heading section before NO_SECTION_ID
  const citedSection = cited.section_id === '' ? NO_SECTION_ID : cited.section_id;
  if (citedSection !== null && citedSection !== section)
    return fail(
      'section_mismatch',
      `section_id ${JSON.stringify(cited.section_id)}, but the chunk is in section ${JSON.stringify(section)}`,
      at,
    );

  const version = versions.find((v) => v.id === chunk.version_id);
  const expected = `[${chunk.char_start}, ${chunk.char_end})`;
  const { start, end } = cited;
  if (start === null || end === null || version === undefined)
    return fail('offsets_mismatch', `no integer offsets; the chunk is at ${expected}`, at);
  if (!(start >= 0 && start < end && end <= version.length))
    return fail(
      'offsets_mismatch',
      `[${start}, ${end}) is not a span of the ${version.length} code points of rev ${version.rev}; the chunk is at ${expected}`,
      at,
    );
  const span = await store.getCanonicalSlice(version.id, start, end);
  if (span !== chunk.text)
    return fail(
      'offsets_mismatch',
      `[${start}, ${end}) does not hold the chunk's text in rev ${version.rev}; the chunk is at ${expected}`,
      at,
    );
  if (cited.quote !== null && !squash(span).includes(squash(cited.quote)))
    return fail(
      'quote_not_found',
      `the quote is not in the text at [${start}, ${end}) of ${chunk.chunk_id}`,
      at,
    );

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
  if (chunk.version_id === live.version_id && chunk.chunk_id === live.chunk_id)
    return {
      status: 'verified',
      reason: null,
      detail: null,
      resolved_snippet_id: live.chunk_id,
      hops,
      checked_rev: checkedRev,
    };
  if (chunk.hash === live.hash && chunk.text === live.text)
    return {
      status: 'redirected',
      reason: null,
      detail: `rev ${checkedRev} is not current; the live chunk ${live.chunk_id} holds the same text`,
      resolved_snippet_id: live.chunk_id,
      hops,
      checked_rev: checkedRev,
    };
  return fail(
    'rev_not_current',
    `the text cited from rev ${checkedRev} changed; the live chunk is ${live.chunk_id}`,
    { ...at, resolved_snippet_id: live.chunk_id },
  );
}

/**
 * The chunker a citation came from, when the store can tell: the chunker of
 * the index its `index_hash` names (search records a manifest per index),
 * else the one chunker whose chunk of that ID has the cited offsets. Null
 * when it cannot tell; the caller's preference then decides.
 */
async function citedChunker(store: ChunkStore, cited: CitedFields): Promise<string | null> {
  if (cited.index_hash !== null) {
    const manifest = await store.getIndexManifest(cited.index_hash);
    if (manifest !== null) return manifest.chunker_id;
  }
  if (cited.snippet_id === null || cited.start === null) return null;
  const rows = await store.findChunks(cited.snippet_id);
  const matching = new Set(
    rows
      .filter((row) => row.char_start === cited.start && row.char_end === cited.end)
      .map((row) => row.chunker_id),
  );
  return matching.size === 1 ? [...matching][0]! : null;
}

const currentRev = (versions: readonly VersionRow[], currentId: number): string =>
  versions.find((v) => v.id === currentId)?.rev ?? 'unknown';

/** Models re-flow whitespace when they quote: runs of it compare as one space. */
const squash = (text: string): string => collapseWhitespace(text).trim();

function readFields(citation: unknown): CitedFields {
  const fields: CitedFields = {
    snippet_id: null,
    index_hash: null,
    doc_id: null,
    source_url: null,
    section_id: null,
    rev: null,
    start: null,
    end: null,
    quote: null,
  };
  if (typeof citation !== 'object' || citation === null || Array.isArray(citation)) return fields;
  const own = (object: object, key: string): unknown =>
    Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
  const text = (key: string): string | null => {
    const v = own(citation, key);
    return typeof v === 'string' && v !== '' ? v : null;
  };
  fields.snippet_id = text('snippet_id');
  fields.index_hash = text('index_hash');
  fields.doc_id = text('doc_id');
  fields.source_url = text('source_url');
  const section = own(citation, 'section_id');
  fields.section_id = typeof section === 'string' ? section : null;
  fields.rev = text('rev');
  fields.quote = text(QUOTE_FIELD);
  const offsets = own(citation, 'offsets');
  if (typeof offsets === 'object' && offsets !== null) {
    const start = own(offsets, 'start');
    const end = own(offsets, 'end');
    if (Number.isSafeInteger(start) && Number.isSafeInteger(end)) {
      fields.start = start as number;
      fields.end = end as number;
    }
  }
  return fields;
}
