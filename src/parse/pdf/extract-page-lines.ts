/** The fields of a pdf.js `TextItem` that line building reads (a structural subset, so tests can build them). */
export interface PdfTextItem {
  str: string;
  /** 'ltr', 'rtl' or 'ttb', as pdf.js detected it. */
  dir: string;
  /** Text matrix `[a, b, c, d, e, f]`: scale/rotation in a..d, origin in e, f (PDF units, y up). */
  transform: number[];
  width: number;
  hasEOL: boolean;
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

/** A gap wider than this share of the font size between two items on a line reads as a word break. */
const WORD_GAP = 0.2;
/** A baseline shift larger than this share of the font size starts a new line even without `hasEOL`. */
const LINE_SHIFT = 0.6;

interface Run {
  parts: string[];
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
    const text = run.parts.join('').replace(/ {2,}/g, ' ').trim();
    if (text.length > 0) {
      lines.push({
        text,
        size: dominantSize(run.chars),
        x: run.x,
        y: run.y,
        xEnd: run.xEnd,
        horizontal: run.horizontal,
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
        }
      }
      if (run === null)
        run = { parts: [], chars: new Map(), x, y, xEnd: x, horizontal: upright, last: null };
      run.parts.push(str);
      run.horizontal &&= upright;
      run.last = item;
      run.xEnd = Math.max(run.xEnd, x + item.width);
      const key = Math.round(size * 10) / 10;
      run.chars.set(key, (run.chars.get(key) ?? 0) + str.length);
    } else if (str.length > 0 && run !== null) {
      run.parts.push(' ');
    }
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
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
