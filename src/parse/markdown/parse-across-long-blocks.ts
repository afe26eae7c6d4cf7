import { CairnError } from '../../errors.js';
import { LONE_CR, lineEndingBefore } from './find-piece-starts.js';
import { parseTopBlocks, type TopBlock } from './top-blocks.js';

/** A line that may be a table row: a `|` after at most three spaces. */
const ROW_START = /^ {0,3}\|/;
/**
 * A line that may open a list item at column 0 with text after its marker;
 * the marker's bullet or an ordered item's delimiter is group 1 or 2.
 */
const ITEM_START = /^(?:([-*+])|\d{1,9}([.)]))[ \t]+\S/;
/** A thematic break, which micromark reads before a `-` or `*` list item. */
const THEMATIC_BREAK = /^ {0,3}([-*_])[ \t]*(?:\1[ \t]*){2,}$/;
/** Nothing but blank lines. */
const BLANK = /^[ \t\r\n]*$/;

/**
 * The top-level blocks of `markdown.slice(from, to)`, in the whole's mdast
 * offsets, with a long top-level table or list parsed a part at a time.
 *
 * Why: micromark holds every token of a container or a table until it
 * closes. A 2 MB table of short rows took 10 s and 1.4 GB to parse, and
 * 20 MB ran out of heap; a 23 MB list of short items took 30 s and 3.9 GB
 * of RSS.
 *
 * Why a cut inside a table is safe: GFM reads a body row by itself, knowing
 * only that the line before belonged to the table, and a top-level table
 * has no container open around it. So the rows after a cut parse as in the
 * whole when they follow the table's head and delimiter rows again.
 *
 * Why a cut inside a list is safe: at a line that starts with the list's
 * own marker at column 0 (a thematic break aside), micromark closes the
 * item before and opens a sibling before it looks at anything else, so
 * that line and the ones after parse as a list of their own would: the
 * list state they depend on is the marker alone.
 *
 * A cut is taken only where the part before it ends in such an open block
 * (a list followed by blank lines at most); anything else there, and the
 * rest of the range is parsed whole, as before.
 *
 * `from` is 0 or the start of a line ending (`parseBlocksInPieces`'s
 * bounds); `bom` is 1 when `markdown` opens with U+FEFF, which micromark
 * skips and counts offsets after.
 */
export function parseAcrossLongBlocks(
  markdown: string,
  from: number,
  to: number,
  bom: number,
  pieceUnits: number,
): TopBlock[] {
  const blocks: TopBlock[] = [];
  // a range no longer than one part has no cut to look for, nor a lone CR to look for first
  const cutsAllowed = to - from > pieceUnits && !LONE_CR.test(markdown.slice(from, to));
  let start = from;
  /** The block left open by the part before `start`, and what to parse before the next part for it. */
  let open: TopBlock | null = null;
  let header = '';
  for (;;) {
    // three units on at least, so that the part before a cut is never empty
    const cut = cutsAllowed ? nextCut(markdown, start + Math.max(pieceUnits, 3), to) : -1;
    const end = cut === -1 ? to : lineEndingBefore(markdown, cut);
    const part = parsePart(markdown, start, end, header, open, bom);
    // a part that only continues `open` returns no block of its own
    const last: TopBlock | null = part.length > 0 ? part.at(-1)! : open;
    const leftOpen = cut !== -1 && last !== null && continuesAt(markdown, last, end, cut, bom);
    if (cut !== -1 && !leftOpen) {
      // not inside a long block after all: no cut is known safe, so the rest goes whole
      blocks.push(...parsePart(markdown, start, to, header, open, bom));
      return blocks;
    }
    blocks.push(...part);
    if (cut === -1) return blocks;
    open = last;
    header = open!.type === 'table' ? headerRows(markdown, open!.start + bom, bom) : '';
    start = end;
  }
}

/**
 * Whether `block`, the last of the part ending at `end`, is a top-level
 * table or list that the line at `cut` continues in the whole document.
 */
function continuesAt(
  markdown: string,
  block: TopBlock,
  end: number,
  cut: number,
  bom: number,
): boolean {
  if (block.type === 'table')
    return block.end === end - bom && ROW_START.test(lineAt(markdown, cut, HEAD));
  if (block.type !== 'list' || !BLANK.test(markdown.slice(block.end + bom, end))) return false;
  const marker = itemMarker(markdown, cut);
  return marker !== null && marker === itemMarker(markdown, block.start + bom);
}

/** The bullet or ordered delimiter of the list item at `start`, if the line there is one with text. */
function itemMarker(markdown: string, start: number): string | null {
  const match = ITEM_START.exec(lineAt(markdown, start, HEAD));
  if (match === null) return null;
  // only a line of `-` or `*` may be a break, and it must be read whole to tell
  if (match[1] !== '+' && match[2] === undefined && THEMATIC_BREAK.test(lineAt(markdown, start)))
    return null;
  return match[1] ?? match[2]!;
}

/**
 * The blocks of `header + markdown.slice(start, end)` in the whole's
 * offsets. `open` is the table or list the part before left open, already
 * in the caller's list (a table's `header` stands for it): the block it
 * makes again here is not returned, and `open` is extended over it.
 */
function parsePart(
  markdown: string,
  start: number,
  end: number,
  header: string,
  open: TopBlock | null,
  bom: number,
): TopBlock[] {
  const blocks = parseTopBlocks(header + markdown.slice(start, end));
  // text from the first part counts after a leading U+FEFF as the whole does; later parts hold none
  const shift = start === 0 ? 0 : start - bom - header.length;
  if (open !== null) {
    const again = blocks.shift();
    // a table starts in its header; a list at the first line, after the line ending the part opens with
    const placed =
      open.type === 'table'
        ? again !== undefined && again.start < header.length
        : again?.start === lineLength(markdown, start);
    if (again?.type !== open.type || !placed)
      throw new CairnError('internal_invariant', `A ${open.type} parsed on did not continue`, {
        details: { at: open.start },
      });
    if (again.end > header.length) open.end = again.end + shift;
  }
  for (const block of blocks) shiftBlock(block, shift);
  return blocks;
}

/** The length of the line ending at `at`: 2 for CRLF, else 1. */
function lineLength(markdown: string, at: number): number {
  return markdown.charCodeAt(at) === 13 ? 2 : 1;
}

/**
 * The first line start at or after `at` and before `to` that may continue
 * a long block: a row after a row, or a list item at column 0; -1 when
 * there is none.
 */
function nextCut(markdown: string, at: number, to: number): number {
  if (at >= to) return -1;
  let lineStart = markdown.lastIndexOf('\n', at - 1) + 1;
  let previousIsRow = ROW_START.test(
    lineAt(markdown, markdown.lastIndexOf('\n', lineStart - 2) + 1, HEAD),
  );
  while (lineStart < to) {
    const isRow = ROW_START.test(lineAt(markdown, lineStart, HEAD));
    if (lineStart >= at && ((isRow && previousIsRow) || itemMarker(markdown, lineStart) !== null))
      return lineStart;
    previousIsRow = isRow;
    const newline = markdown.indexOf('\n', lineStart);
    if (newline === -1) return -1;
    lineStart = newline + 1;
  }
  return -1;
}

/** Enough of a line for `ROW_START` and `ITEM_START`: three spaces, nine digits, a delimiter, a space, a character. */
const HEAD = 16;

/** The line starting at `start`, without its line ending; its first `length` units at most. */
function lineAt(markdown: string, start: number, length = Number.POSITIVE_INFINITY): string {
  const newline = markdown.indexOf('\n', start);
  const end = Math.min(newline === -1 ? markdown.length : newline, start + length);
  return markdown.slice(start, markdown.charCodeAt(end - 1) === 13 ? end - 1 : end);
}

/** The head and delimiter rows of the table whose head row holds index `at`, without a line ending after them. */
function headerRows(markdown: string, at: number, bom: number): string {
  const lineStart = Math.max(markdown.lastIndexOf('\n', at - 1) + 1, bom);
  const headEnd = markdown.indexOf('\n', at);
  const delimiterEnd = markdown.indexOf('\n', headEnd + 1);
  const end = delimiterEnd - (markdown.charCodeAt(delimiterEnd - 1) === 13 ? 1 : 0);
  return markdown.slice(lineStart, end);
}

/** Moves a block's offsets by `offset` units. */
function shiftBlock(block: TopBlock, offset: number): void {
  block.start += offset;
  block.end += offset;
  if (block.content) {
    block.content = { start: block.content.start + offset, end: block.content.end + offset };
  }
}
