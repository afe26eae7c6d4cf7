import type { PdfLayout, PlacedGroup } from './layout-pdf-text.js';
import type { OutlineEntry } from './read-pdf-outline.js';

/** An outline entry placed in the canonical text (UTF-16 indices). */
export interface OutlineSection {
  /** Outline depth + 1. */
  rank: number;
  title: string;
  start16: number;
  /** The title as found on its page; absent when it was not found there. */
  heading?: { start16: number; end16: number };
}

/**
 * Places each outline entry where its title starts a line on its destination
 * page, searching after the previous entry's heading so that sections stay in
 * outline order and never overlap. Lines of heading-sized groups are tried
 * before body lines, so a sentence that happens to begin with the title does
 * not shadow the heading below it. An entry whose title is not found starts at
 * its page's start (or, if the previous section lies on the same page, right
 * after that section's heading) with no heading.
 */
export function placeOutlineSections(
  entries: readonly OutlineEntry[],
  layout: PdfLayout,
): OutlineSection[] {
  const sections: OutlineSection[] = [];
  const groupsByPage = new Map<number, PlacedGroup[]>();
  for (const group of layout.groups) {
    const list = groupsByPage.get(group.page);
    if (list) list.push(group);
    else groupsByPage.set(group.page, [group]);
  }
  let searchFrom = 0;
  for (const entry of entries) {
    const rank = entry.depth + 1;
    const page = layout.pages[entry.pageIndex];
    const pageStart = page ? page.start16 : layout.canonical.length;
    const pageGroups = (page && groupsByPage.get(page.number)) || [];
    const heading = findTitle(
      layout.canonical,
      entry.title,
      pageGroups,
      Math.max(pageStart, searchFrom),
    );
    if (heading) {
      sections.push({ rank, title: entry.title, start16: heading.start16, heading });
      searchFrom = heading.end16;
    } else {
      const start16 = Math.max(pageStart, searchFrom);
      sections.push({ rank, title: entry.title, start16 });
      searchFrom = start16;
    }
  }
  return sections;
}

function findTitle(
  text: string,
  title: string,
  groups: readonly PlacedGroup[],
  from16: number,
): { start16: number; end16: number } | null {
  const wanted = foldTitle(title);
  if (wanted.length === 0) return null;
  const folded = { wanted, bare: foldTitle(title.replace(NUMBERING, '')) };
  for (const pass of ['heading', 'paragraph'] as const) {
    for (const group of groups) {
      if (group.kind !== pass || group.end16 <= from16) continue;
      for (const lineStart of group.lineStarts16) {
        if (lineStart < from16) continue;
        const end16 = matchTitleAt(text, lineStart, group.end16, folded);
        if (end16 !== null) return { start16: lineStart, end16 };
      }
    }
  }
  return null;
}

/** Section numbering before a title: `1`, `2.4.1`, `IV.`, `A)`, `Chapter 3`. */
const NUMBERING =
  /^\s*(?:(?:chapter|section|part|appendix|kapitel|abschnitt|teil|anhang|chapitre|partie|annexe)\s+)?(?:\p{N}+(?:[.-]\p{N}+)*|[ivxlcdm]+|\p{L})[.):]?\s+/iu;

/** A title as `foldTitle` gives it, whole (`wanted`) and without its section number (`bare`). */
export interface FoldedTitle {
  wanted: string;
  bare: string;
}

/**
 * UTF-16 end of the title when the text at `start16` spells it, ignoring
 * case, whitespace and compatibility forms (ligatures), with or without a
 * section number in front; the match must end at a word boundary.
 */
export function matchTitleAt(
  text: string,
  start16: number,
  limit16: number,
  title: FoldedTitle,
): number | null {
  const { wanted, bare } = title;
  const numbering = NUMBERING.exec(text.slice(start16, Math.min(limit16, start16 + 64)));
  const starts = numbering ? [start16, start16 + numbering[0].length] : [start16];
  for (const from of starts) {
    for (const target of wanted === bare ? [wanted] : [wanted, bare]) {
      if (target.length === 0) continue;
      const end = matchFolded(text, from, limit16, target);
      if (end !== null) return end;
    }
  }
  return null;
}

function matchFolded(text: string, from16: number, limit16: number, target: string): number | null {
  let i = from16;
  let j = 0;
  while (j < target.length) {
    if (i >= limit16) return null;
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    i += ch.length;
    const folded = foldChar(ch);
    if (folded.length === 0) continue;
    if (!target.startsWith(folded, j)) return null;
    j += folded.length;
  }
  if (i < limit16 && /[\p{L}\p{N}]/u.test(String.fromCodePoint(text.codePointAt(i)!))) return null;
  return i;
}

/** The title as `matchFolded` compares it: folded character by character, as the text is. */
export function foldTitle(title: string): string {
  let out = '';
  for (const ch of title) out += foldChar(ch);
  return out;
}

function foldChar(ch: string): string {
  return ch
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\s\p{M}]/gu, '');
}
