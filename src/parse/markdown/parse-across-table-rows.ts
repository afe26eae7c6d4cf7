import { CairnError } from '../../errors.js';
import { LONE_CR, lineEndingBefore } from './find-piece-starts.js';
import { parseTopBlocks, type TopBlock } from './top-blocks.js';

/** A line that may be a table row: a `|` after at most three spaces. */
const ROW_START = /^ {0,3}\|/;

/**
 * The top-level blocks of `markdown.slice(from, to)`, in the whole's mdast
 * offsets, with a long top-level table parsed a few thousand rows at a time.
 *
 * Why: GFM resolves a table only when it closes, so micromark holds every
 * token of every row until then. A 2 MB table of short rows took 10 s and
 * 1.4 GB to parse, and 20 MB ran out of heap.
 *
 * Why a cut inside a table is safe: GFM reads a body row by itself, knowing
 * only that the line before belonged to the table, and a top-level table
 * has no container open around it. So the rows after a cut parse as in the
 * whole when they follow the table's head and delimiter rows again. A cut
 * is taken only where the part before it ends in an open top-level table;
 * anything else there, and the rest of the range is parsed whole, as before.
 *
 * `from` is 0 or the start of a line ending (`parseBlocksInPieces`'s
 * bounds); `bom` is 1 when `markdown` opens with U+FEFF, which micromark
 * skips and counts offsets after.
 */
export function parseAcrossTableRows(
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
  /** The head and delimiter rows of the table left open by the part before `start`. */
  let header = '';
  let open: TopBlock | null = null;
  for (;;) {
    // three units on at least, so that the part before a cut is never empty
    const cut = cutsAllowed ? nextRowCut(markdown, start + Math.max(pieceUnits, 3), to) : -1;
    const end = cut === -1 ? to : lineEndingBefore(markdown, cut);
    const part = parsePart(markdown, start, end, header, open, bom);
    // a part of rows only extends `open` and returns no block of its own
    const last: TopBlock | null | undefined = part.length > 0 ? part.at(-1) : open;
    const leftOpen: TopBlock | null =
      last?.type === 'table' && last.end === end - bom ? last : null;
    if (cut !== -1 && leftOpen === null) {
      // not inside a table after all: no cut is known safe, so the rest goes whole
      blocks.push(...parsePart(markdown, start, to, header, open, bom));
      return blocks;
    }
    blocks.push(...part);
    if (cut === -1) return blocks;
    open = leftOpen;
    header = headerRows(markdown, open!.start + bom, bom);
    start = end;
  }
}

/**
 * The blocks of `header + markdown.slice(start, end)` in the whole's
 * offsets. A header stands for `open`, a table already in the caller's
 * list: the table it makes here is not returned again; when it took rows
 * from this part, `open` is extended to them.
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
    const repeated = blocks.shift();
    if (repeated?.type !== 'table' || repeated.start >= header.length)
      throw new CairnError('internal_invariant', 'A table header parsed again made no table', {
        details: { at: open.start },
      });
    if (repeated.end > header.length) open.end = repeated.end + shift;
  }
  for (const block of blocks) shiftBlock(block, shift);
  return blocks;
}

/**
 * The first line start at or after `at` and before `to` where that line
 * and the one before it may both be table rows; -1 when there is none.
 */
function nextRowCut(markdown: string, at: number, to: number): number {
  if (at >= to) return -1;
  let lineStart = markdown.lastIndexOf('\n', at - 1) + 1;
  let previousIsRow = ROW_START.test(
    lineAt(markdown, markdown.lastIndexOf('\n', lineStart - 2) + 1),
  );
  while (lineStart < to) {
    const isRow = ROW_START.test(lineAt(markdown, lineStart));
    if (isRow && previousIsRow && lineStart >= at) return lineStart;
    previousIsRow = isRow;
    const newline = markdown.indexOf('\n', lineStart);
    if (newline === -1) return -1;
    lineStart = newline + 1;
  }
  return -1;
}

/** The first few units of the line starting at `start`: enough for `ROW_START`. */
function lineAt(markdown: string, start: number): string {
  return markdown.slice(start, start + 4);
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
