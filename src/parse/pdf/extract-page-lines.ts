/** The fields of a pdf.js `TextItem` that line building reads (a structural subset, so tests can build them). */
export interface PdfTextItem {
  str: string;
  /** 'ltr', 'rtl' or 'ttb', as pdf.js detected it. */
  dir: string;
  /** Text matrix `[a, b, c, d, e, f]`: scale/rotation in a..d, origin in e, f (PDF units, y up). */
  transform: number[];
  width: number;
  hasEOL: boolean;
  /** The font's ascent as a share of the font size (pdf.js `styles`), when pdf.js read one. */
  ascent?: number;
}

/**
 * Where one item's characters landed in its line's text: `[start16, end16)`
 * of `PdfLine.text`, and the item's box in PDF user space (y up). `flow`
 * says how characters advance inside the box: 0 left to right, 1 right to
 * left (both upright), 2 any other way (rotated, vertical: the box is only
 * meaningful whole).
 */
export interface LineRun {
  start16: number;
  end16: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  flow: 0 | 1 | 2;
}

/** One visual line of a page, in content-stream order. */
export interface PdfLine {
  /** Whitespace collapsed to single spaces, trimmed; never empty. */
  text: string;
  /** Font size (points) that carries most of the line's characters. */
  size: number;
  /** Baseline origin of the first item. */
  x: number;
  y: number;
  /** Right edge of the rightmost item (meaningful for horizontal lines). */
  xEnd: number;
  /** Every item is upright, unrotated text: only then are x and y comparable between lines. */
  horizontal: boolean;
  /** The items' boxes, in line order, each with the span of `text` it produced. */
  runs?: LineRun[];
}

/**
 * Whitespace and control characters become plain spaces: the canonical text
 * keeps its own line and page breaks (`\n`, `\f`) unambiguous, and glyphs
 * with no Unicode mapping (C0/C1 controls from broken ToUnicode maps) carry
 * no text to keep. Lone surrogates from the same source become U+FFFD so the
 * text has a UTF-8 encoding.
 */
const SPACES = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]+/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function cleanPdfText(str: string): string {
  return str.replace(SPACES, ' ').replace(LONE_SURROGATE, '\ufffd');
}

/** pdf.js's text layer's ascent for a font without one. */
const DEFAULT_ASCENT = 0.8;

/** Width, in ems, of the box of an item that does not advance (pdf.js gives it width 0). */
const NO_ADVANCE_WIDTH = 0.5;

/** A gap wider than this share of the font size between two items on a line reads as a word break. */
const WORD_GAP = 0.2;
/** A baseline shift larger than this share of the font size starts a new line even without `hasEOL`. */
const LINE_SHIFT = 0.6;

interface Run {
  parts: string[];
  /** For each part, the item it came from; null for a space this module inserted. */
  owners: (PdfTextItem | null)[];
  chars: Map<number, number>;
  x: number;
  y: number;
  xEnd: number;
  horizontal: boolean;
  last: PdfTextItem | null;
}

/**
 * Builds lines from pdf.js text items. pdf.js already orders items by the
 * content stream, marks line ends (`hasEOL`) and inserts spaces it infers;
 * this keeps that order (RTL runs arrive in logical order, rotated text in
 * stream order: reordering by position would scramble both) and only adds a
 * line break or a space where upright text positions clearly call for one.
 */
export function extractPageLines(items: Iterable<PdfTextItem>): PdfLine[] {
  const lines: PdfLine[] = [];
  let run: Run | null = null;
  const flush = (): void => {
    if (run === null) return;
    const { text, runs } = joinParts(run.parts, run.owners);
    if (text.length > 0) {
      lines.push({
        text,
        size: dominantSize(run.chars),
        x: run.x,
        y: run.y,
        xEnd: run.xEnd,
        horizontal: run.horizontal,
        runs,
      });
    }
    run = null;
  };
  for (const item of items) {
    const str = cleanPdfText(item.str);
    if (str.trim().length > 0) {
      const size = fontSize(item);
      const [a = 0, b = 0, c = 0, , x = 0, y = 0] = item.transform;
      const upright = Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6 && a > 0;
      if (run !== null && run.last !== null && upright && run.horizontal) {
        const prev = run.last;
        const prevSize = fontSize(prev);
        if (Math.abs((prev.transform[5] ?? 0) - y) > LINE_SHIFT * Math.max(size, prevSize)) flush();
        else if (
          needsSpace(prev, item, size) &&
          !/ $/.test(run.parts.at(-1) ?? '') &&
          !/^ /.test(str)
        ) {
          run.parts.push(' ');
          run.owners.push(null);
        }
      }
      if (run === null)
        run = {
          parts: [],
          owners: [],
          chars: new Map(),
          x,
          y,
          xEnd: x,
          horizontal: upright,
          last: null,
        };
      run.parts.push(str);
      run.owners.push(item);
      run.horizontal &&= upright;
      run.last = item;
      run.xEnd = Math.max(run.xEnd, x + item.width);
      const key = Math.round(size * 10) / 10;
      run.chars.set(key, (run.chars.get(key) ?? 0) + str.length);
    } else if (str.length > 0 && run !== null) {
      run.parts.push(' ');
      run.owners.push(null);
    }
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/**
 * `parts.join('').replace(/ {2,}/g, ' ').trim()`, written out character by
 * character so each item keeps the span of the line text it produced: the
 * geometry that maps a chunk's offsets back to the page.
 */
function joinParts(
  parts: readonly string[],
  owners: readonly (PdfTextItem | null)[],
): { text: string; runs: LineRun[] } {
  let text = '';
  const owner: (PdfTextItem | null)[] = [];
  parts.forEach((part, p) => {
    for (const char of part) {
      // a space after a space: the collapse of a run of spaces to one
      if (char === ' ' && text.endsWith(' ')) continue;
      text += char;
      for (let k = 0; k < char.length; k++) owner.push(owners[p] ?? null);
    }
  });
  const lead = text.length - text.trimStart().length;
  const body = text.trim();
  const runs: LineRun[] = [];
  for (let i = 0; i < body.length; i++) {
    const item = owner[i + lead] ?? null;
    if (item === null) continue;
    const last = runs.at(-1);
    if (last !== undefined && owner[last.end16 - 1 + lead] === item && last.end16 === i) {
      last.end16 = i + 1;
    } else {
      runs.push({ start16: i, end16: i + 1, ...boxOf(item) });
    }
  }
  return { text: body, runs };
}

/**
 * The item's box: along its baseline for its width; across it, the box
 * pdf.js's own text layer gives the item, one font size high with its top at
 * the font's ascent. That box's middle is where the glyphs sit whatever the
 * font's metrics (TeX's big operators and braces, whose ascent is near 0,
 * hang below the baseline), so that a span's box can give way halfway
 * between its own text and text set over or under it (`boxesForSpan`).
 */
function boxOf(item: PdfTextItem): Omit<LineRun, 'start16' | 'end16'> {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const size = Math.hypot(c, d);
  const along = Math.hypot(a, b);
  const ascent = item.ascent ?? DEFAULT_ASCENT;
  const descent = ascent - 1;
  const upright = Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6 && a > 0 && d > 0;
  if (upright && !(item.width > 0)) {
    // No advance (an arrow tip or accent drawn over its neighbour): its ink sits about its
    // origin, with no width to share among characters, so the box is only meaningful whole.
    const half = (NO_ADVANCE_WIDTH / 2) * size;
    return { x0: e - half, y0: f + descent * size, x1: e + half, y1: f + ascent * size, flow: 2 };
  }
  if (upright) {
    return {
      x0: e,
      y0: f + descent * size,
      x1: e + item.width,
      y1: f + ascent * size,
      flow: item.dir === 'rtl' ? 1 : 0,
    };
  }
  const ux = along > 0 ? a / along : 1;
  const uy = along > 0 ? b / along : 0;
  const vx = size > 0 ? c / size : 0;
  const vy = size > 0 ? d / size : 1;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const t of [0, item.width]) {
    for (const h of [descent * size, ascent * size]) {
      xs.push(e + ux * t + vx * h);
      ys.push(f + uy * t + vy * h);
    }
  }
  return {
    x0: Math.min(...xs),
    y0: Math.min(...ys),
    x1: Math.max(...xs),
    y1: Math.max(...ys),
    flow: 2,
  };
}

/** Vertical scale of the text matrix: the rendered font size, whatever the rotation. */
function fontSize(item: PdfTextItem): number {
  const [, , c = 0, d = 0] = item.transform;
  return Math.hypot(c, d);
}

function needsSpace(prev: PdfTextItem, next: PdfTextItem, size: number): boolean {
  if (size <= 0) return false;
  const prevX = prev.transform[4] ?? 0;
  const nextX = next.transform[4] ?? 0;
  // either side: the stream may run right to left (RTL) whatever pdf.js says of each item's direction
  const gap = Math.max(nextX - (prevX + prev.width), prevX - (nextX + next.width));
  return gap > WORD_GAP * size;
}

function dominantSize(chars: Map<number, number>): number {
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of chars) {
    if (count > bestCount || (count === bestCount && size > best)) {
      best = size;
      bestCount = count;
    }
  }
  return best;
}
