/**
 * Which pages of a new version came from which pages of the old one, by
 * their words (seed 000's OCR repairs: "synthesize sect_path using old to
 * new page mapping"). An old page and a new page are linked when at least
 * half of the words of either one are found in the other: a page split in
 * two links to both halves, two pages merged into one both link to it, a
 * removed page links to none. Pages are 1-based, as everywhere.
 */
export interface PageMap {
  /** For each old page number, the new pages its text went to (ascending). */
  old_to_new: Map<number, number[]>;
  /** For each new page number, the old pages its text came from (ascending). */
  new_to_old: Map<number, number[]>;
}

/** Share of one page's distinct words found in the other page that links them. */
export const PAGE_LINK_SHARE = 0.5;

export function alignPages(oldPages: readonly string[], newPages: readonly string[]): PageMap {
  const before = oldPages.map(wordSet);
  const after = newPages.map(wordSet);
  const old_to_new = new Map<number, number[]>(before.map((_, i) => [i + 1, []]));
  const new_to_old = new Map<number, number[]>(after.map((_, j) => [j + 1, []]));
  before.forEach((a, i) => {
    after.forEach((b, j) => {
      if (a.size === 0 || b.size === 0) return;
      let shared = 0;
      const [small, large] = a.size <= b.size ? [a, b] : [b, a];
      for (const word of small) if (large.has(word)) shared++;
      if (shared / a.size >= PAGE_LINK_SHARE || shared / b.size >= PAGE_LINK_SHARE) {
        old_to_new.get(i + 1)!.push(j + 1);
        new_to_old.get(j + 1)!.push(i + 1);
      }
    });
  });
  return { old_to_new, new_to_old };
}

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}
