/** A line of text without its terminator, as UTF-16 indices. */
export interface Line {
  start16: number;
  end16: number;
}

const LINE = /[^\n\r\u2028\u2029]*(?:\r\n|[\n\r\u2028\u2029])?/gy;

/** Lines split on CRLF, LF, lone CR, U+2028 and U+2029. */
export function* lines(text: string, from16 = 0, to16 = text.length): Generator<Line> {
  LINE.lastIndex = from16;
  while (LINE.lastIndex < to16) {
    const start16 = LINE.lastIndex;
    const match = LINE.exec(text);
    if (!match || match[0].length === 0) break;
    const terminator = /(?:\r\n|[\n\r\u2028\u2029])$/.exec(match[0]);
    const end16 = Math.min(
      to16,
      start16 + match[0].length - (terminator ? terminator[0].length : 0),
    );
    yield { start16, end16 };
  }
}

const SPACE = /\s/;

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
