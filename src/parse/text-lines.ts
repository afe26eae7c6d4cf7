/** A line of text without its terminator, as UTF-16 indices. */
export interface Line {
  start16: number;
  end16: number;
}

const SPACE = /\s/;

/** Lines split on CRLF, LF, lone CR, U+2028 and U+2029; no empty line after a final break. */
export function* lines(text: string, from16 = 0, to16 = text.length): Generator<Line> {
  for (let start16 = from16; start16 < to16; ) {
    const end16 = lineEnd(text, start16, to16);
    yield { start16, end16 };
    start16 = nextLineStart(text, end16);
  }
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;

/**
 * Where the line from `start16` ends: at its terminator, or at `to16`. The
 * engine's native search for a break reads long lines several times faster
 * than a loop over their units; it stops at the first break past `to16`, so
 * a range that ends inside a line reads on only to that line's end.
 */
export function lineEnd(text: string, start16: number, to16: number): number {
  LINE_BREAK.lastIndex = start16;
  if (!LINE_BREAK.test(text)) return to16;
  return Math.min(LINE_BREAK.lastIndex - 1, to16);
}

/** Where the line after one ending at `end16` starts (past a CRLF as one break). */
export function nextLineStart(text: string, end16: number): number {
  const crlf = text.charCodeAt(end16) === 13 && text.charCodeAt(end16 + 1) === 10;
  return end16 + (crlf ? 2 : 1);
}

/** Looks at the line's own characters only: a scan to the next non-space would be quadratic on blank runs. */
export function isBlankLine(text: string, line: Line): boolean {
  for (let i = line.start16; i < line.end16; i++) {
    if (!SPACE.test(text[i]!)) return false;
  }
  return true;
}

/** The span with surrounding whitespace removed (may be empty). */
export function trimSpan(text: string, start16: number, end16: number): Line {
  while (start16 < end16 && /\s/.test(text[start16]!)) start16++;
  while (end16 > start16 && /\s/.test(text[end16 - 1]!)) end16--;
  return { start16, end16 };
}
