import type { Chunk } from '../chunk/types.js';
import { alignChunkIds, type ChangeKind, type ChunkRedirect } from '../ids/align-chunk-ids.js';
import { alignPages } from '../ids/align-pages.js';
import { type CarryPagesResult, carryPages } from '../ids/carry-pages.js';
import { chooseRevLengths } from '../ids/choose-rev-lengths.js';
import { mintChunkIds } from '../ids/mint-chunk-ids.js';
import type { ChunkRow, ChunkStore, RedirectInput } from '../store/types.js';
import type { CairnDocument, Page } from '../types.js';

export interface IdPlan {
  ids: string[];
  lineage_rev: string;
  /** null when there was nothing to compare with (a first version or a first chunk set). */
  change: ChangeKind | null;
  redirects: RedirectInput[];
  /**
   * The chunks the IDs were aligned with (the previous chunk set of this
   * chunker); null when there was none.
   */
  previous: ChunkRow[] | null;
  /**
   * Seed 000's collision policy at work: `r=` took more than 8 hex digits
   * because another revision of the document shares them. Empty otherwise.
   */
  warnings: string[];
}

export interface PlanInput {
  /** null for a document the store does not have yet. */
  document_id: number | null;
  doc: CairnDocument;
  chunks: readonly Chunk[];
  chunker_id: string;
  /** Align against this version's chunk set first (the current version). */
  prefer_version_id?: number;
  /** Never align against this version (the one being written). */
  exclude_version_id?: number;
  /** The `r=` to mint with when no version has chunks of this chunker (the version's lineage). */
  fallback_rev?: string;
  /**
   * IDs the chunks already have (a stored version coming back): they stay,
   * and redirects point at them by chunk position.
   */
  keep_ids?: readonly string[];
  /** What `mintChunkIds` gives a first version (rev cut to 8), computed already. */
  fresh_ids?: readonly string[];
}

/**
 * Chunk IDs for a new chunk set: aligned with the document's previous chunk
 * set of the same chunker when there is one (IDs carried over, redirects
 * for those that are not live any more), minted otherwise.
 */
export async function planChunkIds(store: ChunkStore, input: PlanInput): Promise<IdPlan> {
  const { doc, chunks } = input;
  if (input.document_id === null) {
    // A first version: a plain mint (what alignment does with nothing to align, without its fingerprints).
    const lineage_rev = doc.rev.slice(0, 8);
    return {
      ids:
        input.fresh_ids?.length === chunks.length
          ? [...input.fresh_ids]
          : mintChunkIds(doc, chunks, { rev: lineage_rev }),
      lineage_rev,
      change: null,
      redirects: [],
      previous: null,
      warnings: [],
    };
  }
  const [previous, revs, used] = await Promise.all([
    previousChunkSet(store, input),
    store.listRevs(input.document_id),
    store.listUsedChunkIds(input.document_id, input.chunker_id),
  ]);
  const { rev_length, warning } = revLengthFor(doc, revs);
  const warnings = warning === null ? [] : [warning];
  if (previous !== null) {
    const aligned = alignChunkIds(
      previous.map((chunk) => ({ chunk_id: chunk.chunk_id, text: chunk.text })),
      doc,
      chunks,
      { rev_length, retired_ids: used },
    );
    const paged =
      aligned.change !== 'major'
        ? await carryPagesOver(store, { doc, chunks, previous, used, ids: aligned.ids })
        : null;
    const alignedIds = paged?.ids ?? aligned.ids;
    const ids = input.keep_ids?.length === alignedIds.length ? [...input.keep_ids] : alignedIds;
    return {
      ids,
      lineage_rev: aligned.lineage_rev,
      // the same chunks on other pages: IDs moved, so not `none`
      change: paged !== null && aligned.change === 'none' ? 'minor' : aligned.change,
      redirects: redirectsFor(
        previous.map((chunk) => chunk.chunk_id),
        ids,
        aligned.ids,
        [...(paged?.redirects ?? []), ...aligned.redirects],
      ),
      previous,
      warnings: aligned.lineage_rev.length > 8 ? warnings : [],
    };
  }
  const lineage_rev = input.fallback_rev ?? doc.rev.slice(0, rev_length);
  return {
    ids: mintChunkIds(doc, chunks, { rev: lineage_rev }),
    lineage_rev,
    change: null,
    redirects: [],
    previous: null,
    warnings: lineage_rev.length > 8 ? warnings : [],
  };
}

/**
 * Redirects for every ID of the previous set that `finalIds` does not keep:
 * where the alignment sent it, mapped through chunk position when the final
 * IDs are not the aligned ones (a stored version coming back keeps its own
 * IDs); to null when the new set has nothing to send it to.
 */
export function redirectsFor(
  previousIds: readonly string[],
  finalIds: readonly string[],
  alignedIds: readonly string[],
  alignedRedirects: readonly ChunkRedirect[],
): RedirectInput[] {
  const live = new Set(finalIds);
  const position = new Map(alignedIds.map((id, index) => [id, index]));
  const byFrom = new Map(alignedRedirects.map((redirect) => [redirect.from, redirect]));
  const out: RedirectInput[] = [];
  const seen = new Set<string>();
  for (const from of previousIds) {
    if (live.has(from) || seen.has(from)) continue;
    seen.add(from);
    const redirect = byFrom.get(from);
    const at = position.get(redirect?.to ?? from);
    const to = at === undefined ? null : (finalIds[at] ?? null);
    out.push({
      from_chunk_id: from,
      to_chunk_id: to,
      kind: to === null ? 'deleted' : (redirect?.kind ?? 'moved'),
    });
  }
  return out;
}

/** Hex digits of `doc.rev` for `r=`: 8, more when another version's rev shares them (seed 000), with the warning that says so. */
function revLengthFor(
  doc: CairnDocument,
  revs: readonly string[],
): { rev_length: number; warning: string | null } {
  const entries = [...new Set([...revs, doc.rev])].map((rev) => ({ doc_uid: doc.doc_uid, rev }));
  const choice = chooseRevLengths(entries).find((c) => c.rev === doc.rev);
  return { rev_length: choice?.rev_length ?? 8, warning: choice?.warning ?? null };
}

/**
 * Seed 000's OCR repairs for a paged document (PDF) whose pages moved
 * between versions: pages are aligned by their words, and IDs the chunk
 * alignment kept get their chunk's new page in `p=` (`carryPages`). Null
 * when the document or its previous version has no pages, or no kept ID
 * names another page than its chunk's.
 */
async function carryPagesOver(
  store: ChunkStore,
  input: {
    doc: CairnDocument;
    chunks: readonly Chunk[];
    previous: readonly ChunkRow[];
    used: readonly string[];
    /** The IDs the chunk alignment gave. */
    ids: readonly string[];
  },
): Promise<CarryPagesResult | null> {
  const { doc, chunks, previous } = input;
  if (doc.pages.length === 0 || previous.length === 0) return null;
  const old = await store.getVersionText(previous[0]!.version_id);
  if (old === null || old.model.pages.length === 0) return null;
  const map = alignPages(
    pageTexts(old.canonical, old.model.pages),
    pageTexts(doc.canonical, doc.pages),
  );
  const carried = carryPages({
    ids: input.ids,
    pages: chunks.map((chunk) => chunk.page),
    map,
    taken: new Set(input.used),
  });
  return carried.redirects.length === 0 ? null : carried;
}

/** The text of each page, by its UTF-8 span (one encoding of the canonical text, not one per page). */
function pageTexts(canonical: string, pages: readonly Page[]): string[] {
  const bytes = Buffer.from(canonical, 'utf8');
  return pages.map((page) =>
    bytes.subarray(page.span.start_byte, page.span.end_byte).toString('utf8'),
  );
}

/** The chunk set of this chunker to align against: the preferred version's, else the newest other one. */
async function previousChunkSet(store: ChunkStore, input: PlanInput): Promise<ChunkRow[] | null> {
  const versions = await store.listVersions(input.document_id!);
  const order = [
    ...versions.filter((v) => v.id === input.prefer_version_id),
    ...versions.filter((v) => v.id !== input.prefer_version_id).reverse(),
  ].filter((v) => v.id !== input.exclude_version_id);
  for (const version of order) {
    if (await store.getChunkSet(version.id, input.chunker_id))
      return store.listChunks(version.id, input.chunker_id);
  }
  return null;
}
