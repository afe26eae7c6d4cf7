import type { PdfLine } from './extract-page-lines.js';

/** Baselines this close (points) are the same row of a page, across pages too. */
const SAME_ROW = 2;
/** How many rows from the top and from the bottom of a page a running line may sit in. */
const EDGE_ROWS = 2;
/** Running headers and footers are short; a longer line at the edge is body text. */
const MAX_RUNNING_CHARS = 160;
/** A bare page number: `7`, `- 7 -`, `[7]`, `iii`, `Page 7`, `Page 7 of 9`, `7 / 9` (not `(7)`: an equation number). */
const PAGE_NUMBER =
  /^(?:page|seite|p\.)?\s*[-–—[]?\s*(?:\d{1,5}|[ivxlcdm]{1,8})\s*[-–—\]]?(?:\s*(?:of|von|\/)\s*\d{1,5})?$/iu;
/** A running line that names the page: a number at its start or end (`4 1.1. TOPOLOGY`, `Chapter 2 17`). */
const NUMBERED_EDGE = /^\d{1,5}\s|\s\d{1,5}$/u;

interface EdgeLine {
  line: PdfLine;
  page: number;
  edge: 'top' | 'bottom';
  /** 0 for the outermost row of the page at this edge. */
  row: number;
  key: string;
}

/**
 * Finds a PDF's page furniture: running headers and footers, and bare page
 * numbers. A running line sits in the top or bottom rows of a page (the
 * second row only beyond furniture in the first), holds two letters or more
 * (a row of bare numbers is a table's), and recurs, digits aside
 * (`4 1.1. TOPOLOGISCHE RÄUME`, `5 1.1. ...`), at the same height on two
 * pages when it carries a number, on three when not. A line in the same row and font size
 * as such a family that carries a page number at its start or end is one
 * too, though its title is on one page only (a section one page long). A
 * bare page number at the very top or bottom of a page is furniture on its
 * own. Only upright lines are compared: rotated text has no "top". A line
 * that is the only text of its page is its content, whatever recurs.
 */
export function findPageFurniture(pages: readonly (readonly PdfLine[])[]): Set<PdfLine> {
  const furniture = new Set<PdfLine>();
  const numbers = new Set<PdfLine>();
  const edges: EdgeLine[] = [];
  pages.forEach((lines, page) => {
    const upright = lines.filter((line) => line.horizontal);
    if (upright.length === 0) return;
    for (const edge of ['top', 'bottom'] as const) {
      const rows = edgeRows(upright, edge);
      for (const line of upright) {
        const row = rows.findIndex((y) => Math.abs(line.y - y) <= SAME_ROW);
        if (row < 0) continue;
        if (row === 0 && PAGE_NUMBER.test(line.text)) numbers.add(line);
        else if (
          lines.length > 1 &&
          line.text.length <= MAX_RUNNING_CHARS &&
          (line.text.match(/\p{L}/gu)?.length ?? 0) >= 2
        )
          edges.push({ line, page, edge, row, key: keyOf(line.text) });
      }
    }
  });
  const families = new Map<string, EdgeLine[]>();
  for (const edge of edges) {
    const id = `${edge.edge}\u0000${edge.key}`;
    const family = families.get(id);
    if (family) family.push(edge);
    else families.set(id, [edge]);
  }
  const rows: { edge: EdgeLine['edge']; y: number; size: number }[] = [];
  for (const family of families.values()) {
    // a page number in the line is a strong sign; without one, a line must recur more often
    const minPages = family[0]!.key.includes('#') ? 2 : 3;
    if (family.length < minPages) continue;
    for (const cluster of sameRowClusters(family)) {
      if (new Set(cluster.map((member) => member.page)).size < minPages) continue;
      for (const member of cluster) furniture.add(member.line);
      const { edge, line } = cluster[0]!;
      rows.push({ edge, y: line.y, size: line.size });
    }
  }
  for (const { line, edge, row } of edges) {
    if (row > 0 || furniture.has(line) || !NUMBERED_EDGE.test(line.text)) continue;
    const inRow = rows.some(
      (row) =>
        row.edge === edge &&
        Math.abs(row.y - line.y) <= SAME_ROW &&
        Math.abs(row.size - line.size) <= 0.05 * row.size,
    );
    if (inRow) furniture.add(line);
  }
  // furniture is at the edge: a line in the second row is only furniture below (or above) more of it
  for (const { line, page, edge, row } of edges) {
    if (row === 0 || !furniture.has(line)) continue;
    const outer = edges.some(
      (other) =>
        other.page === page && other.edge === edge && other.row === 0 && furniture.has(other.line),
    );
    if (!outer) furniture.delete(line);
  }
  for (const line of numbers) furniture.add(line);
  return furniture;
}

/** Members of a family whose baselines chain within `SAME_ROW` of each other: one row each. */
function sameRowClusters(family: EdgeLine[]): EdgeLine[][] {
  const sorted = [...family].sort((a, b) => a.line.y - b.line.y);
  const clusters: EdgeLine[][] = [];
  let current: EdgeLine[] = [];
  for (const member of sorted) {
    if (current.length > 0 && member.line.y - current.at(-1)!.line.y > SAME_ROW) {
      clusters.push(current);
      current = [];
    }
    current.push(member);
  }
  if (current.length > 0) clusters.push(current);
  return clusters;
}

/** The baselines of a page's first `EDGE_ROWS` rows from the top (largest y) or the bottom. */
function edgeRows(lines: readonly PdfLine[], edge: 'top' | 'bottom'): number[] {
  const ys = lines.map((line) => line.y).sort((a, b) => (edge === 'top' ? b - a : a - b));
  const rows: number[] = [];
  for (const y of ys) {
    if (rows.length > 0 && Math.abs(rows.at(-1)! - y) <= SAME_ROW) continue;
    rows.push(y);
    if (rows.length === EDGE_ROWS) break;
  }
  return rows;
}

function keyOf(text: string): string {
  return text.replace(/\d+/gu, '#').replace(/\s+/gu, ' ').trim();
}
