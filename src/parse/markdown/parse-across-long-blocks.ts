import { CairnError } from '../../errors.js';
import {
  continuesAt,
  isIndentedCode,
  lineStartOf,
  nextCut,
  partStartBefore,
  reopening,
} from './block-cuts.js';
import { firstCutAfterFrontMatter, LONE_CR, lineEndingBefore } from './find-piece-starts.js';
import { parseTopBlocks, type TopBlock } from './top-blocks.js';

/**
 * A document being parsed in parts: its text, 1 when it opens with U+FEFF
 * (which micromark skips and counts offsets after) else 0, and the length
 * of a part in UTF-16 units. The same for every range of the document.
 */
export interface PartedMarkdown {
  markdown: string;
  bom: number;
  pieceUnits: number;
}

/** The block the part before left open, and the text parsed again before the next part to reopen it. */
interface OpenBlock {
  open: TopBlock | null;
  header: string;
}

const NOTHING_OPEN: OpenBlock = { open: null, header: '' };

/**
 * The top-level blocks of `markdown.slice(from, to)`, in the whole's mdast
 * offsets, parsed a part of about `pieceUnits` at a time.
 *
 * Why: micromark's time and memory grow faster than its input, and it
 * holds every token of a block until the block closes. Parsed whole, a 2 MB
 * table of short rows takes 10 s and 1.4 GB, 20 MB runs out of heap; a 23 MB
 * list takes 30 s and 3.9 GB of RSS; a fenced code block costs about 120
 * bytes of RSS per byte.
 *
 * Each part after the first starts at a line ending, and is parsed on its
 * own. Its blocks are kept but for the last, which may run on past the cut
 * (a paragraph the next line continues or turns into a heading or table
 * head, a list with more items, a block quote with lazy lines): parsing
 * goes on from that block's line, or from an earlier block's where that
 * one does not follow a blank line (`restartAt`). A block that closed
 * before the cut closed in the whole too, and a block that follows a blank
 * line after one that cannot run on past it starts as it does at the start
 * of a document. The last block is
 * kept, and the next part parsed as its continuation, where that is known
 * to be safe (`continuesAt`):
 * - a table: GFM reads a body row by itself, knowing only that the line
 *   before belonged to the table, so the rows after a cut parse as in the
 *   whole when they follow the table's head and delimiter rows again;
 * - a list, at a line with the list's own marker at column 0: micromark
 *   closes the item before and opens a sibling before it looks at anything
 *   else, and the list's state is its marker alone;
 * - fenced code or math not closed by its last line: every line up to a
 *   closing fence is its content, when it follows the opening fence again;
 * - a block quote, at a quote line with text at column 0 after a blank
 *   quote line, unless its last child is HTML or an open fence: the blank
 *   line closed every other child, so the line after it starts a child
 *   afresh, and the quote's state is its marker alone;
 * - an HTML block opening at column 0 at the start or after a blank line:
 *   one that a blank line ends, at a line that is not blank; one that a
 *   marker ends (`-->`, `</pre>`, `?>`, `]]>`, `>`), while neither its
 *   opening line nor the last line before the cut holds the marker. Every
 *   line up to the end is its content, when it follows the opening line
 *   again.
 * A part that is one block, with none of these, ends the cutting: the rest
 * of the range is parsed whole.
 *
 * `from` is 0 or the start of a line ending (`parseBlocksInPieces`'s
 * bounds).
 */
export function parseAcrossLongBlocks(doc: PartedMarkdown, from: number, to: number): TopBlock[] {
  const { markdown, bom, pieceUnits } = doc;
  const blocks: TopBlock[] = [];
  const firstCut = from === 0 ? firstCutAfterFrontMatter(markdown, bom) : 0;
  // a range no longer than one part has no cut to look for, nor a lone CR to look for first
  const cutsAllowed =
    firstCut !== -1 && to - from > pieceUnits && !LONE_CR.test(markdown.slice(from, to));
  let start = from;
  /** The block left open by the part before `start`, and what to parse before the next part for it. */
  let carried = NOTHING_OPEN;
  for (;;) {
    // three units on at least, so that the part before a cut is never empty
    const at = Math.max(start + Math.max(pieceUnits, 3), firstCut);
    const cut = cutsAllowed ? nextCut(markdown, at, to) : -1;
    const end = cut === -1 ? to : lineEndingBefore(markdown, cut);
    const part = parsePart(doc, start, end, carried);
    if (cut === -1) {
      blocks.push(...part);
      return blocks;
    }
    // a part that only continues `open` returns no block of its own
    const last: TopBlock | null = part.length > 0 ? part.at(-1)! : carried.open;
    const reopened =
      last !== null && continuesAt(markdown, last, cut, bom) ? reopens(markdown, last, bom) : null;
    if (last !== null && reopened !== null) {
      blocks.push(...part);
      carried = { open: last, header: reopened };
      start = end;
      continue;
    }
    const restart = restartAt(markdown, part, bom);
    if (restart === -1) {
      blocks.push(...parsePart(doc, start, to, carried));
      return blocks;
    }
    blocks.push(...part.slice(0, restart));
    start = partStartBefore(markdown, part[restart]!.start + bom);
    carried = NOTHING_OPEN;
  }
}

/**
 * What reopens `block` before the next part (`reopening`), when parsed on
 * its own it opens the same kind of block; else null. A table's head row
 * read at the start of a document may be something else: `10. ` right
 * after indented code is paragraph text that heads a table, but alone it
 * opens a list.
 */
function reopens(markdown: string, block: TopBlock, bom: number): string | null {
  const header = reopening(markdown, block, bom);
  if (header === '') return header;
  const again = parseTopBlocks(header);
  return again.length === 1 && again[0]!.type === block.type ? header : null;
}

/**
 * The index of the block of `part` to parse again from: the last that
 * follows a blank line after a block that ends there for certain; -1 when
 * none does. A part parsed again starts after a line ending, where
 * micromark interrupts nothing and has nothing open. Right after another
 * block's line it may read the same line otherwise (a lone `-` after a
 * heading is paragraph text, and so is an ordered item from 2; a setext
 * underline makes a heading that starts at the definitions before it).
 * After a blank line, a list, footnote or indented code may still be open
 * to the lines that follow (`CLOSED_BY_BLANK` leaves them out).
 */
function restartAt(markdown: string, part: readonly TopBlock[], bom: number): number {
  for (let i = part.length - 1; i >= 1; i--) {
    const before = part[i - 1]!;
    // a setext heading after definitions starts where they do: parsed again, they would come twice
    if (part[i]!.start < before.end) continue;
    if (!CLOSED_BY_BLANK.has(before.type) || isIndentedCode(markdown, before, bom)) continue;
    if (followsBlankLine(markdown, part[i]!.start + bom)) return i;
  }
  return -1;
}

/** Blocks that nothing after a blank line continues (code and math: when fenced). */
const CLOSED_BY_BLANK = new Set<TopBlock['type']>([
  'paragraph',
  'heading',
  'thematicBreak',
  'table',
  'html',
  'definition',
  'blockquote',
  'code',
  'math',
  'yaml',
  'toml',
]);

/** Whether the line before the one holding index `at` is blank. */
function followsBlankLine(markdown: string, at: number): boolean {
  const lineStart = lineStartOf(markdown, at);
  return BLANK_LINE.test(markdown.slice(lineStartOf(markdown, lineStart - 1), lineStart));
}

const BLANK_LINE = /^[ \t]*\r?\n$/;

/**
 * The blocks of `carried.header + markdown.slice(start, end)` in the
 * whole's offsets. `carried.open` is the block the part before left open,
 * already in the caller's list (the header reopens it): the block it makes
 * again here is not returned, and `open` is extended over it.
 */
function parsePart(
  doc: PartedMarkdown,
  start: number,
  end: number,
  carried: OpenBlock,
): TopBlock[] {
  const { markdown, bom } = doc;
  const { open, header } = carried;
  const blocks = parseTopBlocks(header + markdown.slice(start, end));
  // text from the first part counts after a leading U+FEFF as the whole does; later parts hold none
  const shift = start === 0 ? 0 : start - bom - header.length;
  if (open !== null) {
    const again = blocks.shift();
    // a table or fence starts in its header; a list at the first line, after the part's line ending
    const placed =
      header !== ''
        ? again !== undefined && again.start < header.length
        : again?.start === lineEndingLength(markdown, start);
    if (again?.type !== open.type || !placed)
      throw new CairnError('internal_invariant', `A ${open.type} parsed on did not continue`, {
        details: { at: open.start },
      });
    if (again.end > header.length) open.end = again.end + shift;
    if (again.openInside) open.openInside = true;
    else delete open.openInside;
  }
  for (const block of blocks) shiftBlock(block, shift);
  return blocks;
}

/** The length of the line ending at `at`: 2 for CRLF, else 1. */
function lineEndingLength(markdown: string, at: number): number {
  return markdown.charCodeAt(at) === 13 ? 2 : 1;
}

/** Moves a block's offsets by `offset` units. */
function shiftBlock(block: TopBlock, offset: number): void {
  block.start += offset;
  block.end += offset;
  if (block.content) {
    block.content = { start: block.content.start + offset, end: block.content.end + offset };
  }
}
