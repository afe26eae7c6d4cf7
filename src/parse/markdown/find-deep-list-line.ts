const LINE_END = /\r\n?|\n/g;
/**
 * A list item after any block quote markers: indentation, a bullet or
 * ordinal marker, then white space or the line end. Sticky, tried where the
 * quote markers end; no part can match what another could, so no backtracking.
 */
const LIST_ITEM = /([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+|(?=[\r\n]|$))/y;

/**
 * UTF-16 index of the first line that opens a list item nested deeper than
 * `max` containers by indentation (`- a`, `  - b`, `    - c`, ...), or -1.
 * Such a line holds one marker, so a per-line count of markers misses it, yet
 * the depth counts as much (micromark took 43 s for 1,500 levels). Only item lines move the count, each
 * closing the items whose content it is not indented into; an item indented
 * four or more columns into its parent's content is code, not a list. Real
 * lists stay a few levels deep, so this only ever refuses staircases.
 */
export function findDeepListLine(markdown: string, max: number): number {
  /** Content column of each open item, innermost last. */
  const open: number[] = [];
  let at = markdown.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < markdown.length) {
    // CommonMark ends lines at CR, LF and CRLF alike
    LINE_END.lastIndex = at;
    const lineEnd = LINE_END.exec(markdown);
    const next = lineEnd ? lineEnd.index + lineEnd[0].length : markdown.length;
    const { quotes, end16 } = skipQuoteMarkers(markdown, at, next);
    LIST_ITEM.lastIndex = end16;
    const item = LIST_ITEM.exec(markdown);
    if (item) {
      const [, indent = '', marker = '', after = ''] = item;
      const column = columns(indent, 0);
      while (open.length > 0 && column < open.at(-1)!) open.pop();
      if (column < (open.at(-1) ?? 0) + 4) {
        const gap = columns(after, column + marker.length) - column - marker.length;
        // content starts one column after the marker when five or more spaces follow it (code)
        open.push(column + marker.length + (gap === 0 || gap > 4 ? 1 : gap));
        if (open.length + quotes > max) return at;
      }
    }
    at = next;
  }
  return -1;
}

/** `> > ` at a line start: how many quote markers, and where the text after them begins. */
function skipQuoteMarkers(
  text: string,
  from16: number,
  to16: number,
): { quotes: number; end16: number } {
  let quotes = 0;
  let end16 = from16;
  for (;;) {
    let i = end16;
    while (i < to16 && i - end16 < 3 && text.charCodeAt(i) === 0x20) i++;
    if (i >= to16 || text.charCodeAt(i) !== 0x3e) return { quotes, end16 };
    quotes++;
    end16 = text.charCodeAt(i + 1) === 0x20 ? i + 2 : i + 1;
  }
}

/** The column after `text` starting at column `from`, tabs to the next multiple of four. */
function columns(text: string, from: number): number {
  let column = from;
  for (let i = 0; i < text.length; i++)
    column = text[i] === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}
