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
export const FRONT_MATTER_FENCE = /^(?:---|\+\+\+)[ \t]*$/;

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
  const starts: number[] = [];
  let at = markdown.charCodeAt(0) === 0xfeff ? 1 : 0;
  // the first line is never a cut: the first piece starts there
  let lastCut = at;
  let line = 0;
  /** The front matter's fence (`---` or `+++`) while inside it. */
  let frontMatter: string | null = null;
  while (at < markdown.length) {
    const newline = markdown.indexOf('\n', at);
    const end = newline === -1 ? markdown.length : newline;
    const text = markdown.slice(at, markdown.charCodeAt(end - 1) === 13 ? end - 1 : end);
    if (line === 0 && FRONT_MATTER_FENCE.test(text)) frontMatter = text.slice(0, 3);
    else if (frontMatter !== null) {
      if (FRONT_MATTER_FENCE.test(text) && text.startsWith(frontMatter)) frontMatter = null;
    } else if (at - lastCut >= pieceUnits && ATX_HEADING.test(text)) {
      starts.push(at);
      lastCut = at;
    }
    line++;
    at = end + 1;
  }
  return frontMatter === null ? starts : [];
}

/** Where the line ending just before the line starting at `start` begins (`\r\n` or `\n`). */
export function lineEndingBefore(markdown: string, start: number): number {
  return markdown.charCodeAt(start - 2) === 13 ? start - 2 : start - 1;
}
