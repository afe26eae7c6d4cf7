import { lineEndingBefore } from './find-piece-starts.js';
import type { TopBlock } from './top-blocks.js';

/**
 * Where a long range of Markdown may be cut into parts, and which blocks
 * run on across a cut (see `parseAcrossLongBlocks`). Every rule here only
 * proposes: the parse of the part before a cut decides.
 */

/** A line that may be a table row: a `|` after at most three spaces. */
const ROW_START = /^ {0,3}\|/;
/**
 * A line that may open a list item at column 0 with text after its marker;
 * the marker's bullet or an ordered item's delimiter is group 1 or 2.
 */
const ITEM_START = /^(?:([-*+])|\d{1,9}([.)]))[ \t]+\S/;
/** A thematic break, which micromark reads before a `-` or `*` list item. */
const THEMATIC_BREAK = /^ {0,3}([-*_])[ \t]*(?:\1[ \t]*){2,}$/;
/** The opening fence of fenced code or math: its run of fence characters is group 1. */
const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,}|\${2,})/;
/** A block quote line with nothing in it. */
const QUOTE_BLANK = /^ {0,3}>[ \t]*$/;
/** A block quote line at column 0 whose content starts at the quote's own column 0. */
const QUOTE_RESUME = /^> ?[^ \t]/;
/**
 * The HTML blocks that end only at a marker (CommonMark's kinds 1 to 5):
 * the start of the first line, and what a line must contain to end them.
 * The other kinds end at a blank line.
 */
const HTML_MARKERS: readonly { start: RegExp; end: RegExp }[] = [
  {
    start: /^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i,
    end: /<\/(?:script|pre|style|textarea)>/i,
  },
  { start: /^ {0,3}<!--/, end: /-->/ },
  { start: /^ {0,3}<\?/, end: /\?>/ },
  { start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/ },
  { start: /^ {0,3}<![A-Za-z]/, end: />/ },
];
/** Nothing but blank lines. */
const BLANK = /^[ \t\r\n]*$/;
/** Enough of a line for `ROW_START` and `ITEM_START`: three spaces, nine digits, a delimiter, a space, a character. */
const HEAD = 16;
/** How far past the first possible cut to look for a line that continues a table or list. */
const LOOKAHEAD_UNITS = 16 * 1024;

/**
 * The line start to cut at: the first at or after `at` (and before `to`)
 * where a table row follows a row, a list item opens at column 0, or a
 * block quote line with text follows a blank one, when one comes within
 * `LOOKAHEAD_UNITS`, else the first line start at or after `at`; -1 when
 * there is none before `to`.
 */
export function nextCut(markdown: string, at: number, to: number): number {
  if (at >= to) return -1;
  let lineStart = markdown.lastIndexOf('\n', at - 1) + 1;
  const before = lineAt(markdown, markdown.lastIndexOf('\n', lineStart - 2) + 1, HEAD);
  let previousIsRow = ROW_START.test(before);
  let previousIsQuoteBlank = QUOTE_BLANK.test(before);
  let first = -1;
  while (lineStart < to) {
    const head = lineAt(markdown, lineStart, HEAD);
    const isRow = ROW_START.test(head);
    if (lineStart >= at) {
      if (
        (isRow && previousIsRow) ||
        (previousIsQuoteBlank && QUOTE_RESUME.test(head)) ||
        itemMarker(markdown, lineStart) !== null
      )
        return lineStart;
      if (first === -1) first = lineStart;
      else if (lineStart - first > LOOKAHEAD_UNITS) break;
    }
    previousIsRow = isRow;
    previousIsQuoteBlank = QUOTE_BLANK.test(head);
    const newline = markdown.indexOf('\n', lineStart);
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return first;
}

/**
 * Whether `block`, the last of the part ending at the line ending before
 * `cut`, is a top-level table, list, block quote, fenced block or HTML
 * block that the line at `cut` continues in the whole document. `bom` is 1
 * when `markdown` opens with U+FEFF (block offsets count after it).
 */
export function continuesAt(markdown: string, block: TopBlock, cut: number, bom: number): boolean {
  const end = lineEndingBefore(markdown, cut);
  if (block.type === 'table')
    return block.end === end - bom && ROW_START.test(lineAt(markdown, cut, HEAD));
  if (block.type === 'blockquote')
    return (
      block.end === end - bom &&
      block.openInside === undefined &&
      QUOTE_RESUME.test(lineAt(markdown, cut, HEAD)) &&
      QUOTE_BLANK.test(lineBefore(markdown, cut))
    );
  if (block.type === 'html') {
    const first = firstLineOf(markdown, block, bom);
    if (block.end !== end - bom || !startsAfresh(markdown, first, bom)) return false;
    const opening = lineAt(markdown, first);
    const marked = HTML_MARKERS.find((kind) => kind.start.test(opening));
    // a blank line ends the other kinds; a marked one runs on while no line holds its end,
    // neither the opening line nor the last before the cut
    if (marked === undefined) return !BLANK.test(lineAt(markdown, cut));
    const last = lineBefore(markdown, cut);
    return !marked.end.test(opening) && !marked.end.test(last);
  }
  if (block.type === 'code' || block.type === 'math')
    return block.end === end - bom && isOpenFence(markdown, firstLineOf(markdown, block, bom), end);
  if (block.type !== 'list' || !BLANK.test(markdown.slice(block.end + bom, end))) return false;
  const marker = itemMarker(markdown, cut);
  return marker !== null && marker === itemMarker(markdown, block.start + bom);
}

/**
 * What to parse again before the part after a cut inside `open`, so that
 * the lines after the cut meet the state they meet in the whole: a table's
 * head and delimiter rows, a fence's or HTML block's opening line; nothing
 * for a list, whose items need only their marker, nor for a block quote,
 * whose lines need only theirs.
 */
export function reopening(markdown: string, open: TopBlock, bom: number): string {
  if (open.type === 'list' || open.type === 'blockquote') return '';
  const first = firstLineOf(markdown, open, bom);
  if (open.type !== 'table') return lineAt(markdown, first);
  // the head row with its own line ending, then the delimiter row
  const delimiterRow = markdown.indexOf('\n', first) + 1;
  return markdown.slice(first, delimiterRow) + lineAt(markdown, delimiterRow);
}

/** Whether `block` is indented code: code without an opening fence. */
export function isIndentedCode(markdown: string, block: TopBlock, bom: number): boolean {
  return (
    block.type === 'code' &&
    !OPENING_FENCE.test(lineAt(markdown, firstLineOf(markdown, block, bom)))
  );
}

/**
 * Whether the line at `first` opens a block whatever came before it: it
 * starts at column 0 and opens the document or follows a blank line, so no
 * list, quote, indented code or paragraph before it holds it. Else the
 * part's parse may read it otherwise than the whole's: after a paragraph
 * in a quote, a line the whole reads as a lazy one (`</pre>`) can be an
 * HTML block of its own when nothing follows it.
 */
function startsAfresh(markdown: string, first: number, bom: number): boolean {
  if (/^[ \t]/.test(markdown.slice(first, first + 1))) return false;
  return first === bom || BLANK.test(lineAt(markdown, lineStartOf(markdown, first - 1)));
}

/** Where the first line of `block` starts, after a leading U+FEFF. */
function firstLineOf(markdown: string, block: TopBlock, bom: number): number {
  return Math.max(lineStartOf(markdown, block.start + bom), bom);
}

/** The line before the one starting at `lineStart`, without its line ending. */
function lineBefore(markdown: string, lineStart: number): string {
  return lineAt(markdown, lineStartOf(markdown, lineStart - 1));
}

/** The start of the line holding index `at`. */
export function lineStartOf(markdown: string, at: number): number {
  return markdown.lastIndexOf('\n', at - 1) + 1;
}

/** Where a part that starts with the line holding index `at` begins: at the line ending before it. */
export function partStartBefore(markdown: string, at: number): number {
  return lineEndingBefore(markdown, lineStartOf(markdown, at));
}

/**
 * Whether the fenced block opening on the line at `first` is still open at
 * `end`: its last line there is not a closing fence (the same character, at
 * least as many, nothing else but blanks), or is the opening line itself.
 * An indented code block has no fence and is never open across a cut.
 */
function isOpenFence(markdown: string, first: number, end: number): boolean {
  const opening = OPENING_FENCE.exec(lineAt(markdown, first));
  if (opening === null) return false;
  const lastLine = lineStartOf(markdown, end);
  if (lastLine <= first) return true;
  const fence = opening[1]!;
  const closing = new RegExp(`^ {0,3}\\${fence[0]}{${fence.length},}[ \\t]*$`);
  return !closing.test(lineAt(markdown, lastLine));
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

/** The line starting at `start`, without its line ending; its first `length` units at most. */
function lineAt(markdown: string, start: number, length = Number.POSITIVE_INFINITY): string {
  const newline = markdown.indexOf('\n', start);
  const end = Math.min(newline === -1 ? markdown.length : newline, start + length);
  return markdown.slice(start, markdown.charCodeAt(end - 1) === 13 ? end - 1 : end);
}
