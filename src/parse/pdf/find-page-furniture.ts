import type { PdfLine } from './extract-page-lines.js';

/** Baselines this close (points) are the same row of a page, across pages too. */
const SAME_ROW = 2;
/**
 * How many rows from the top and from the bottom of a page a running line may
 * sit in: one. A second row takes the numbered labels set just below a
 * header (`Definition 20`, `Beispiel 10` recur at one height on many pages).
 */
const EDGE_ROWS = 1;
/** Running headers and footers are short; a longer line at the edge is body text. */
const MAX_RUNNING_CHARS = 160;
/** A bare page number: `7`, `- 7 -`, `[7]`, `iii`, `Page 7`, `Page 7 of 9`, `7 / 9` (not `(7)`: an equation number). */
const PAGE_NUMBER =
  /^(?:page|seite|p\.)?\s*[-–—[]?\s*(?:\d{1,5}|[ivxlcdm]{1,8})\s*[-–—\]]?(?:\s*(?:of|von|\/)\s*\d{1,5})?$/iu;
/** A running line that names the page: a number at its start or end (`4 1.1. TOPOLOGY`, `Chapter 2 17`). */
const NUMBERED_EDGE = /^\d{1,5}\s|\s\d{1,5}$/u;

/** Where a family of running lines sits: its edge, height and font size. */
interface RunningRow {
  edge: 'top' | 'bottom';
  y: number;
  size: number;
}

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
 * numbers. A running line is in the top or the bottom row of a page, holds
 * two letters or more (a row of bare numbers is a table's), and recurs,
 * digits aside (`4 1.1. TOPOLOGISCHE RÄUME`, `5 1.1. ...`), at the same
 * height on two pages when it carries a number, on three when not. A line
 * in the same row and font size as such a family that carries a number at
 * its start or end is one too, though its title is on one page only (a
 * section one page long). A bare page number (`7`, `- 7 -`, `iii`, `Page 7
 * of 9`) in the top or bottom row is one when another page has one at that
 * height, when it is its own page's number, or when it sits in a running row. Only upright lines are
 * compared: rotated text has no "top". A line that is the only text of its
 * page is its content, whatever recurs.
 */
export function findPageFurniture(pages: readonly (readonly PdfLine[])[]): Set<PdfLine> {
  const furniture = new Set<PdfLine>();
  const numbers: EdgeLine[] = [];
  const edges: EdgeLine[] = [];
  pages.forEach((lines, page) => {
    const upright = lines.filter((line) => line.horizontal);
    if (upright.length === 0) return;
    for (const edge of ['top', 'bottom'] as const) {
      const rows = edgeRows(upright, edge);
      for (const line of upright) {
        const row = rows.findIndex((y) => Math.abs(line.y - y) <= SAME_ROW);
        if (row < 0) continue;
        if (row === 0 && PAGE_NUMBER.test(line.text))
          numbers.push({ line, page, edge, row, key: '#' });
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
  const rows: RunningRow[] = [];
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
    if (inRunningRow(rows, edge, line)) furniture.add(line);
  }
  // a bare number is a page number when another page has one at that height, or it sits in a running row
  for (const cluster of sameRowClusters(numbers)) {
    const pages = new Set(cluster.map((member) => member.page)).size;
    for (const { line, edge, page } of cluster) {
      const own = /\d+/u.exec(line.text)?.[0] === String(page + 1);
      if (pages >= 2 || own || inRunningRow(rows, edge, line)) furniture.add(line);
    }
  }
  return furniture;
}

function inRunningRow(rows: readonly RunningRow[], edge: EdgeLine['edge'], line: PdfLine): boolean {
  return rows.some(
    (row) =>
      row.edge === edge &&
      Math.abs(row.y - line.y) <= SAME_ROW &&
      Math.abs(row.size - line.size) <= 0.05 * row.size,
  );
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
