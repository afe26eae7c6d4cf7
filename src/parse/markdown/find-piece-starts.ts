/** Pieces of about this many UTF-16 units: micromark's time and memory grow faster than its input. */
export const DEFAULT_PIECE_UNITS = 64 * 1024;

const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
/**
 * What this scan does not follow, so a document holding it is not cut: a
 * code or math fence anywhere (inside a list item or block quote too: such a
 * fence can close with its container, and the next fence line then opens
 * one rather than closing it), and a top-level HTML block (it runs on to a
 * blank line, through a heading).
 */
const UNFOLLOWED = /^\ufeff?[ \t>*+\-\d.)]*(?:`{3,}|~{3,}|\$\$)|^\ufeff? {0,3}</m;
/** micromark ends lines at a lone CR too; the cut scans split lines at LF only. */
export const LONE_CR = /\r(?!\n)/;
const FRONT_MATTER_FENCE = /^(?:---|\+\+\+)[ \t]*$/;

/**
 * Where `markdown` may be cut into pieces that parse, one by one, to the
 * same blocks as the whole: at the start of a line that is an ATX heading
 * at column 0. Such a line interrupts a paragraph and, not being indented,
 * ends every open list item, block quote and footnote, so no block spans
 * the cut; link reference definitions do not matter, as cairn parses
 * blocks without inline constructs. Documents with fences, top-level HTML
 * blocks, lone CR line endings or front matter that never closes are not
 * cut at all (see `UNFOLLOWED`); headings inside closed front matter are
 * YAML comments, not cuts. Returns ascending offsets after the first line,
 * at most one per `pieceUnits` units.
 */
export function findPieceStarts(markdown: string, pieceUnits = DEFAULT_PIECE_UNITS): number[] {
  if (markdown.length <= pieceUnits || UNFOLLOWED.test(markdown) || LONE_CR.test(markdown))
    return [];
  const bom = markdown.charCodeAt(0) === 0xfeff ? 1 : 0;
  let at = firstCutAfterFrontMatter(markdown, bom);
  if (at === -1) return [];
  const starts: number[] = [];
  // the first line is never a cut: the first piece starts there
  let lastCut = bom;
  at = Math.max(at, bom);
  while (at < markdown.length) {
    const end = lineEnd(markdown, at);
    if (at - lastCut >= pieceUnits && ATX_HEADING.test(lineText(markdown, at, end))) {
      starts.push(at);
      lastCut = at;
    }
    at = end + 1;
  }
  return starts;
}

/**
 * Where the first cut of a document may fall: after its front matter, when
 * it opens with some; -1 when that front matter never closes. micromark
 * then reads the whole document otherwise (no list starts in it, say), so
 * no part would parse as it does in the whole. `bom` is 1 after a U+FEFF.
 */
export function firstCutAfterFrontMatter(markdown: string, bom: number): number {
  const first = lineText(markdown, bom, lineEnd(markdown, bom));
  if (!FRONT_MATTER_FENCE.test(first)) return 0;
  for (let at = lineEnd(markdown, bom) + 1; at < markdown.length; ) {
    const end = lineEnd(markdown, at);
    const line = lineText(markdown, at, end);
    if (FRONT_MATTER_FENCE.test(line) && line.startsWith(first.slice(0, 3))) return end + 1;
    at = end + 1;
  }
  return -1;
}

/** The index of the `\n` ending the line that starts at `at`, or the text's length. */
function lineEnd(markdown: string, at: number): number {
  const newline = markdown.indexOf('\n', at);
  return newline === -1 ? markdown.length : newline;
}

/** The line from `at` to `end` without a CR before its LF. */
function lineText(markdown: string, at: number, end: number): string {
  return markdown.slice(at, markdown.charCodeAt(end - 1) === 13 ? end - 1 : end);
}

/** Where the line ending just before the line starting at `start` begins (`\r\n` or `\n`). */
export function lineEndingBefore(markdown: string, start: number): number {
  return markdown.charCodeAt(start - 2) === 13 ? start - 2 : start - 1;
}
