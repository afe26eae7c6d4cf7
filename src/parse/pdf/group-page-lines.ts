import type { PdfLine } from './extract-page-lines.js';

/** Consecutive lines of one page that read as one block. */
export interface LineGroup {
  kind: 'paragraph' | 'heading';
  lines: PdfLine[];
  /** Font size of the group's first line. */
  size: number;
}

/** A line this much larger than the body text is a heading candidate ("clearly larger": 10pt body, 11.5pt+ heading). */
const HEADING_RATIO = 1.15;
/** Longer lines are body text set large (a title page, a pull quote), not headings. */
const MAX_HEADING_CHARS = 200;
/** Gap between baselines, as a multiple of the page's usual line pitch, that separates paragraphs. */
const PARAGRAPH_GAP = 1.35;
/** Line pitch over font size assumed when a page has too few lines to measure it. */
const DEFAULT_PITCH = 1.2;
/** Relative size change that ends a paragraph (body text into a footnote, a caption). */
const SIZE_CHANGE = 0.15;

/** The font size carrying most characters of `lines` (0 when there are none). */
export function bodySizeOf(lines: Iterable<PdfLine>): number {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(line.size, (chars.get(line.size) ?? 0) + line.text.length);
  let best = 0;
  let bestCount = 0;
  for (const [size, count] of chars) {
    if (count > bestCount || (count === bestCount && size < best)) {
      best = size;
      bestCount = count;
    }
  }
  return best;
}

export function isHeadingLine(line: PdfLine, bodySize: number): boolean {
  return (
    bodySize > 0 &&
    line.size >= bodySize * HEADING_RATIO &&
    line.text.length <= MAX_HEADING_CHARS &&
    (line.text.match(/\p{L}/gu)?.length ?? 0) >= 2
  );
}

/**
 * Groups a page's lines into paragraphs and heading candidates by font size
 * and vertical spacing. Only upright lines are compared by position; rotated
 * or vertical text stays in one group per size run rather than being split
 * by coordinates that do not mean "down the page".
 */
export function groupPageLines(
  lines: readonly PdfLine[],
  options: { bodySize: number },
): LineGroup[] {
  const pitch = pitchRatio(lines);
  const groups: LineGroup[] = [];
  let current: LineGroup | null = null;
  let right = -Infinity;
  for (const line of lines) {
    const kind = isHeadingLine(line, options.bodySize) ? 'heading' : 'paragraph';
    const prev = current?.lines.at(-1);
    if (
      current === null ||
      prev === undefined ||
      kind !== current.kind ||
      startsParagraph(prev, line, { pitch, right, lineCount: current.lines.length })
    ) {
      current = { kind, lines: [line], size: line.size };
      groups.push(current);
      right = line.horizontal ? line.xEnd : -Infinity;
      continue;
    }
    current.lines.push(line);
    if (line.horizontal) right = Math.max(right, line.xEnd);
  }
  return groups;
}

function startsParagraph(
  prev: PdfLine,
  line: PdfLine,
  context: { pitch: number; right: number; lineCount: number },
): boolean {
  const size = Math.max(prev.size, line.size);
  if (size > 0 && Math.abs(prev.size - line.size) / size > SIZE_CHANGE) return true;
  if (!prev.horizontal || !line.horizontal) return false;
  const dy = prev.y - line.y;
  // moving up the page: the next column or a new region
  if (dy < -0.5 * size) return true;
  if (dy > context.pitch * size * PARAGRAPH_GAP) return true;
  // an indented line after a short one: a new paragraph set without extra space (LaTeX's parindent)
  return (
    context.lineCount >= 2 &&
    Math.abs(dy) > 0.5 * size &&
    line.x > prev.x + size &&
    prev.xEnd < context.right - 2 * size
  );
}

/** Median baseline distance over font size between consecutive same-size upright lines. */
function pitchRatio(lines: readonly PdfLine[]): number {
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const line = lines[i]!;
    if (!prev.horizontal || !line.horizontal || line.size <= 0) continue;
    if (Math.abs(prev.size - line.size) > 0.05 * line.size) continue;
    const ratio = (prev.y - line.y) / line.size;
    if (ratio > 0.5 && ratio < 3) ratios.push(ratio);
  }
  if (ratios.length < 3) return DEFAULT_PITCH;
  ratios.sort((a, b) => a - b);
  return ratios[ratios.length >> 1]!;
}
