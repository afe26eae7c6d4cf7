import { partitionPoint } from '../../partition-point.js';
import type { PageGeometry, TextRun } from '../../types.js';

/** A rectangle of text on a page: PDF user space (points, y up), inside the page's crop box. */
export interface PageBox {
  /** 1-based page number. */
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * The boxes of the text at code points `[start, end)`: for each visual line
 * the span touches, one rectangle around the runs (or the parts of runs) it
 * covers, clipped to the page's crop box. A span that starts or ends inside
 * a run takes the run's width in proportion to the characters it covers
 * (pdf.js gives an item's width, not each glyph's). Offsets are all this
 * reads, so it holds however blocks were grouped.
 */
export function boxesForSpan(
  geometry: readonly PageGeometry[],
  start: number,
  end: number,
): PageBox[] {
  const boxes: PageBox[] = [];
  for (const page of geometry) {
    const runs = page.runs;
    if (runs.length === 0 || runs[0]![0] >= end || runs.at(-1)![1] <= start) continue;
    const [vx0, vx1] = ordered(page.view[0], page.view[2]);
    const [vy0, vy1] = ordered(page.view[1], page.view[3]);
    const byLine = new Map<number, PageBox>();
    for (let i = partitionPoint(runs.length, (k) => runs[k]![1] <= start); i < runs.length; i++) {
      const run = runs[i]!;
      if (run[0] >= end) break;
      const cut = cutRun(run, start, end);
      if (cut === null) continue;
      const box = byLine.get(run[6]);
      if (box === undefined) byLine.set(run[6], { page: page.number, ...cut });
      else {
        box.x0 = Math.min(box.x0, cut.x0);
        box.y0 = Math.min(box.y0, cut.y0);
        box.x1 = Math.max(box.x1, cut.x1);
        box.y1 = Math.max(box.y1, cut.y1);
      }
    }
    for (const box of byLine.values()) {
      const clipped = {
        page: box.page,
        // rounded first, then clipped: rounding must not carry an edge past the page's
        x0: Math.max(round(box.x0), vx0),
        y0: Math.max(round(box.y0), vy0),
        x1: Math.min(round(box.x1), vx1),
        y1: Math.min(round(box.y1), vy1),
      };
      // text set outside the crop box is not on the page a reader sees
      if (clipped.x1 > clipped.x0 && clipped.y1 > clipped.y0) boxes.push(clipped);
    }
  }
  return boxes;
}

function ordered(a: number, b: number): [number, number] {
  return a <= b ? [a, b] : [b, a];
}

/** The part of the run's box that `[start, end)` covers; null when it covers none of it. */
function cutRun(
  run: TextRun,
  start: number,
  end: number,
): { x0: number; y0: number; x1: number; y1: number } | null {
  const [from, to, x0, y0, x1, y1, , flow] = run;
  const a = Math.max(start, from);
  const b = Math.min(end, to);
  if (b <= a) return null;
  if (flow === 2 || (a === from && b === to)) return { x0, y0, x1, y1 };
  const width = x1 - x0;
  const share = (offset: number): number => (offset - from) / (to - from);
  return flow === 0
    ? { x0: x0 + width * share(a), y0, x1: x0 + width * share(b), y1 }
    : { x0: x1 - width * share(b), y0, x1: x1 - width * share(a), y1 };
}
