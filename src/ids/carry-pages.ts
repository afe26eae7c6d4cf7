import type { ChunkRedirect, RedirectKind } from './align-chunk-ids.js';
import type { PageMap } from './align-pages.js';
import { formatChunkId } from './format-chunk-id.js';
import { parseChunkId } from './parse-chunk-id.js';

export interface CarryPagesInput {
  /** The aligned IDs, one per chunk. */
  ids: readonly string[];
  /** Each chunk's 1-based page in the new version (null for unpaged text). */
  pages: readonly (number | null)[];
  map: PageMap;
  /** IDs no chunk may take: every ID the document's lineage has used. */
  taken: ReadonlySet<string>;
}

export interface CarryPagesResult {
  ids: string[];
  /** From each replaced aligned ID to itself: its position in `ids` holds the new ID. */
  redirects: ChunkRedirect[];
}

/**
 * Seed 000's OCR repairs: when pages moved (a page split, merged or
 * removed), an ID the alignment kept names the chunk's old page in `p=`.
 * Each such ID gets the chunk's new page, keeping `s=` (for a document
 * without headings the old page, `p<n>`: the section synthesized through
 * the page mapping), `r=` and `b=`; the old ID redirects to it, `split` when
 * its old page went to several new pages, `merged` when its new page holds
 * several old ones, `moved` otherwise. An ID that would name one already
 * used stays as it was.
 */
export function carryPages(input: CarryPagesInput): CarryPagesResult {
  const ids = [...input.ids];
  const used = new Set([...input.taken, ...input.ids]);
  const redirects: ChunkRedirect[] = [];
  input.ids.forEach((id, k) => {
    const page = input.pages[k];
    if (page === null || page === undefined) return;
    const parts = parseChunkId(id);
    if (parts.page === 0 || parts.page === page) return;
    const carried = formatChunkId({ ...parts, page });
    if (used.has(carried)) return;
    used.add(carried);
    ids[k] = carried;
    redirects.push({ from: id, to: id, kind: kindOf(input.map, parts.page, page) });
  });
  return { ids, redirects };
}

function kindOf(map: PageMap, oldPage: number, newPage: number): RedirectKind {
  if ((map.old_to_new.get(oldPage)?.length ?? 0) > 1) return 'split';
  if ((map.new_to_old.get(newPage)?.length ?? 0) > 1) return 'merged';
  return 'moved';
}
