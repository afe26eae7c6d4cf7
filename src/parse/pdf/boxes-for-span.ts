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

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const round = (value: number): number => Math.round(value * 100) / 100;
/**
 * A box gives way to other text across the line (clipped halfway between the two) when
 * the other text's middle is at least this share of the box's height from the box's own;
 * closer, the two sit on one line and the box gives way along it.
 */
const ACROSS = 0.25;

/**
 * The boxes of the text at code points `[start, end)`: for each visual line
 * the span touches, one rectangle around the runs (or the parts of runs) it
 * covers, clipped to the page's crop box. A span that starts or ends inside
 * a run takes the run's width in proportion to the characters it covers
 * (pdf.js gives an item's width, not each glyph's). Offsets are all this
 * reads, so it holds however blocks were grouped.
 *
 * A box must not cover text outside the span: where other text sits inside
 * a line's rectangle (a label stacked over an arrow, an index reaching into
 * the next line, a formula's pieces set over each other), that line gets a
 * box per run instead, each shrunk to stop halfway between its own text and
 * the other text.
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
    const byLine = new Map<number, Rect[]>();
    for (let i = partitionPoint(runs.length, (k) => runs[k]![1] <= start); i < runs.length; i++) {
      const run = runs[i]!;
      if (run[0] >= end) break;
      const cut = cutRun(run, start, end);
      if (cut === null) continue;
      const pieces = byLine.get(run[6]);
      if (pieces === undefined) byLine.set(run[6], [cut]);
      else pieces.push(cut);
    }
    let others: Rect[] | null = null;
    for (const pieces of byLine.values()) {
      const line = union(pieces);
      others ??= outside(runs, start, end);
      const crossing = others.filter((other) => covers(line, other));
      const rects = crossing.length === 0 ? [line] : pieces.map((p) => giveWay(p, crossing));
      for (const rect of rects) {
        const clipped = {
          page: page.number,
          // rounded first, then clipped: rounding must not carry an edge past the page's
          x0: Math.max(round(rect.x0), vx0),
          y0: Math.max(round(rect.y0), vy0),
          x1: Math.min(round(rect.x1), vx1),
          y1: Math.min(round(rect.y1), vy1),
        };
        // text set outside the crop box is not on the page a reader sees
        if (clipped.x1 > clipped.x0 && clipped.y1 > clipped.y0) boxes.push(clipped);
      }
    }
  }
  return boxes;
}

function ordered(a: number, b: number): [number, number] {
  return a <= b ? [a, b] : [b, a];
}

function union(rects: readonly Rect[]): Rect {
  const out = { ...rects[0]! };
  for (const r of rects) {
    out.x0 = Math.min(out.x0, r.x0);
    out.y0 = Math.min(out.y0, r.y0);
    out.x1 = Math.max(out.x1, r.x1);
    out.y1 = Math.max(out.y1, r.y1);
  }
  return out;
}

/** The boxes of the page's text outside `[start, end)`: whole runs, and the rest of runs the span cuts. */
function outside(runs: readonly TextRun[], start: number, end: number): Rect[] {
  const out: Rect[] = [];
  for (const run of runs) {
    const [from, to, , , , , , flow] = run;
    if (to <= start || from >= end) out.push(cutRun(run, from, to)!);
    else if (flow !== 2) {
      const before = cutRun(run, from, start);
      const after = cutRun(run, end, to);
      if (before) out.push(before);
      if (after) out.push(after);
    }
  }
  return out;
}

/** Whether the text of `other` (along the middle of its box) reaches inside `rect`. */
function covers(rect: Rect, other: Rect): boolean {
  const middle = (other.y0 + other.y1) / 2;
  return middle >= rect.y0 && middle <= rect.y1 && other.x1 > rect.x0 && other.x0 < rect.x1;
}

/** `rect` shrunk so that none of `others` reaches inside it, keeping its own middle. */
function giveWay(rect: Rect, others: readonly Rect[]): Rect {
  const out = { ...rect };
  for (const other of others) {
    if (!covers(out, other)) continue;
    const own = (out.y0 + out.y1) / 2;
    const middle = (other.y0 + other.y1) / 2;
    if (Math.abs(middle - own) >= ACROSS * (out.y1 - out.y0)) {
      if (middle > own) out.y1 = (own + middle) / 2;
      else out.y0 = (own + middle) / 2;
      continue;
    }
    const centre = (out.x0 + out.x1) / 2;
    if (other.x0 >= centre) out.x1 = Math.min(out.x1, other.x0);
    else if (other.x1 <= centre) out.x0 = Math.max(out.x0, other.x1);
  }
  return out;
}

/** The part of the run's box that `[start, end)` covers; null when it covers none of it. */
function cutRun(run: TextRun, start: number, end: number): Rect | null {
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
