import type { ChunkStore } from '../store/types.js';

/** One document as the outline names it: its title and its sections' titles, shallowest first. */
export interface OutlineDocument {
  title: string;
  sections: string[];
}

export interface StoreOutline {
  documents: OutlineDocument[];
  /** Documents or section titles were left out to stay within the bound. */
  truncated: boolean;
}

/** Characters an outline holds at most by default: a prompt's worth, not the store's. */
export const DEFAULT_OUTLINE_CHARS = 6000;
/** Documents an outline names at most: past them the model learns the vocabulary from the rest. */
const MAX_OUTLINE_DOCUMENTS = 40;

/**
 * What the store holds, as a model writing search queries needs to know
 * it: each document's title and the titles of its sections, top levels
 * first, within `max_chars` characters in all (each document gets an
 * even share, so one long document cannot crowd out the rest). Titles
 * that are only a designator (`(a)`, `(1)`) carry no vocabulary and are
 * left out. Reads at most `MAX_OUTLINE_DOCUMENTS` documents' versions.
 */
export async function readStoreOutline(
  store: ChunkStore,
  options: { max_chars?: number } = {},
): Promise<StoreOutline> {
  const maxChars = options.max_chars ?? DEFAULT_OUTLINE_CHARS;
  const summaries = await store.listDocumentSummaries({ limit: MAX_OUTLINE_DOCUMENTS + 1 });
  let truncated = summaries.length > MAX_OUTLINE_DOCUMENTS;
  const picked = summaries.slice(0, MAX_OUTLINE_DOCUMENTS);
  const share = Math.max(120, Math.floor(maxChars / Math.max(1, picked.length)));
  const documents: OutlineDocument[] = [];
  let used = 0;
  for (const { document } of picked) {
    if (used >= maxChars) {
      truncated = true;
      break;
    }
    const version = await store.getVersionText(document.current_version_id);
    const title = (document.title ?? version?.model.title ?? document.source_url).trim();
    const budget = Math.min(share, maxChars - used) - title.length;
    const sections: string[] = [];
    let spent = 0;
    const ordered = [...(version?.model.sections ?? [])].sort(
      (a, b) => a.level - b.level || a.index - b.index,
    );
    const seen = new Set<string>([title]);
    for (const section of ordered) {
      const name = section.title.replace(/\s+/gu, ' ').trim();
      if (!/\p{L}{3}/u.test(name) || seen.has(name)) continue;
      if (spent + name.length + 2 > budget) {
        truncated = true;
        break;
      }
      seen.add(name);
      sections.push(name);
      spent += name.length + 2;
    }
    documents.push({ title, sections });
    used += title.length + spent;
  }
  return { documents, truncated };
}
