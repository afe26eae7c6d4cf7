import { OffsetIndex } from '../../load/offset-index.js';
import type { PageGeometry, TextRun } from '../../types.js';
import type { PlacedRun } from './layout-pdf-text.js';
import type { PdfPageFrame } from './read-pdf.js';

/** Tenths of a point (1/720 inch): below a pixel at twice a page's size, and short in JSON. */
const round = (value: number): number => Math.round(value * 10) / 10;

/**
 * The text runs of the layout, page by page, with code point offsets (the
 * unit every stored span uses) and coordinates rounded to 0.1 pt. A page
 * without a frame (content read by a caller that gave none) gets a zero box.
 */
export function pageGeometry(
  canonical: string,
  pageCount: number,
  runs: readonly PlacedRun[],
  frames: readonly PdfPageFrame[] = [],
): PageGeometry[] {
  const index = new OffsetIndex(canonical);
  const pages: PageGeometry[] = [];
  for (let number = 1; number <= pageCount; number++) {
    const frame = frames[number - 1];
    pages.push({
      number,
      view: frame ? [frame.view[0], frame.view[1], frame.view[2], frame.view[3]] : [0, 0, 0, 0],
      rotate: frame?.rotate ?? 0,
      runs: [],
    });
  }
  for (const run of runs) {
    const page = pages[run.page - 1];
    if (page === undefined) continue;
    const placed: TextRun = [
      index.codePointAt16(run.start16),
      index.codePointAt16(run.end16),
      round(run.x0),
      round(run.y0),
      round(run.x1),
      round(run.y1),
      run.line,
      run.flow,
    ];
    page.runs.push(placed);
  }
  return pages;
}
