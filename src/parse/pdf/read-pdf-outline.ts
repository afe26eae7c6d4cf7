import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { cleanPdfText } from './extract-page-lines.js';

/** One outline (bookmark) entry, flattened in reading order. */
export interface OutlineEntry {
  title: string;
  /** 0 for a top-level entry. */
  depth: number;
  /** 0-based index of the destination page. */
  pageIndex: number;
}

/** Outline entries read at most: past this a tree is generated noise, not navigation. */
const MAX_OUTLINE_ENTRIES = 10_000;
/**
 * Outline levels kept; deeper entries are siblings at the last one. Each
 * section carries the titles of all its ancestors (`heading_path`), so a
 * chain of n entries costs n * n / 2 titles: a 4,000-level chain in a 350 kB
 * PDF made 164 MB of `cairn parse --json`. Real outlines stop near ten levels.
 */
export const MAX_OUTLINE_DEPTH = 64;

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

type OutlineSource = Pick<
  PDFDocumentProxy,
  'getOutline' | 'getDestination' | 'getPageIndex' | 'numPages'
>;

/**
 * The outline in pre-order with each entry's destination page. An entry
 * without a usable destination (a URL, a broken reference) takes the page of
 * the next entry that has one (its first child, else what follows; at the
 * end, the last one before it), so it still opens its part of the tree in
 * order; only a tree with no resolvable destination at all reads as no
 * outline.
 */
export async function readPdfOutline(doc: OutlineSource): Promise<OutlineEntry[]> {
  let roots: OutlineNode[];
  try {
    roots = ((await doc.getOutline()) ?? []) as OutlineNode[];
  } catch {
    // a broken outline costs the section tree (font-size headings stand in), not the text
    return [];
  }
  const flat: { title: string; depth: number; pageIndex: number | null }[] = [];
  // an explicit stack, not recursion: outlines nest as deep as a file says
  const stack: { node: OutlineNode; depth: number }[] = roots
    .map((node) => ({ node, depth: 0 }))
    .reverse();
  while (stack.length > 0 && flat.length < MAX_OUTLINE_ENTRIES) {
    const { node, depth } = stack.pop()!;
    flat.push({
      title: typeof node.title === 'string' ? cleanPdfText(node.title).trim() : '',
      depth: Math.min(depth, MAX_OUTLINE_DEPTH - 1),
      pageIndex: await destinationPage(doc, node.dest),
    });
    const children = Array.isArray(node.items) ? node.items : [];
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ node: children[i]!, depth: depth + 1 });
  }
  let next: number | null = null;
  for (let i = flat.length - 1; i >= 0; i--) {
    const entry = flat[i]!;
    if (entry.pageIndex === null) entry.pageIndex = next;
    else next = entry.pageIndex;
  }
  let previous: number | null = null;
  for (const entry of flat) {
    if (entry.pageIndex === null) entry.pageIndex = previous;
    else previous = entry.pageIndex;
  }
  return flat.flatMap((entry) =>
    entry.pageIndex === null
      ? []
      : [{ title: entry.title, depth: entry.depth, pageIndex: entry.pageIndex }],
  );
}

async function destinationPage(
  doc: OutlineSource,
  dest: OutlineNode['dest'],
): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const target = explicit[0] as unknown;
    // some producers write a page index where a page reference belongs
    const index =
      typeof target === 'number' ? target : isRef(target) ? await doc.getPageIndex(target) : null;
    return index !== null && Number.isInteger(index) && index >= 0 && index < doc.numPages
      ? index
      : null;
  } catch {
    // a dangling destination costs that entry its page, not the document its outline
    return null;
  }
}

function isRef(value: unknown): value is { num: number; gen: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isInteger((value as { num?: unknown }).num) &&
    Number.isInteger((value as { gen?: unknown }).gen)
  );
}
