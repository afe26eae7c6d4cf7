import { CairnError } from '../../errors.js';
import { findDeepListLine } from './find-deep-list-line.js';

/**
 * Container markers (`>`, list bullets and numbers) one line may open.
 * markdown-it stops parsing, silently dropping the rest of the document,
 * past its nesting limit (100 token levels; a list takes two), and a
 * parser's cost grows with the depth of every line. Real documents stay in
 * single digits (email quoting reaches ten or so).
 */
export const MAX_MARKDOWN_NESTING = 32;

// exactly the limit plus one, not `{n,}`: a greedy run over 50,000 `>` overflows the regex backtrack stack
const DEEP_LINE = new RegExp(
  String.raw`(?:^|\r\n?|\n)[ \t]*(?:(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]))[ \t]*){${MAX_MARKDOWN_NESTING + 1}}`,
  'g',
);

/**
 * Refuses Markdown with a line that opens more than MAX_MARKDOWN_NESTING
 * containers, before the parser sees it: one linear regex pass, then one
 * pass for list items nested that deep by indentation, one marker a line.
 */
export function checkMarkdownNesting(markdown: string, source = '<input>'): void {
  DEEP_LINE.lastIndex = 0;
  const match = DEEP_LINE.exec(markdown);
  const at16 = match
    ? match.index + (/^[\r\n]/.test(match[0]) ? (match[0].startsWith('\r\n') ? 2 : 1) : 0)
    : findDeepListLine(markdown, MAX_MARKDOWN_NESTING);
  if (at16 < 0) return;
  const line = countLines(markdown, at16) + 1;
  throw new CairnError(
    'markdown_too_deep',
    `Markdown nested deeper than ${MAX_MARKDOWN_NESTING} containers at line ${line} of ${source}`,
    { details: { source, line, max_depth: MAX_MARKDOWN_NESTING } },
  );
}

function countLines(text: string, end16: number): number {
  return text.slice(0, end16).match(/\r\n?|\n/g)?.length ?? 0;
}
