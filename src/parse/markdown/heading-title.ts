import { parseMdast } from './parse-mdast.js';
import { plainText } from './plain-text.js';
import type { TopBlock } from './top-blocks.js';

/** Characters that can start inline markup; a title without them is its own plain text. */
const INLINE_MARKUP = /[\\`*_[\]<>&~$!:@]/;
/** Titles longer than this are cut before inline parsing, which is not linear on hostile input. */
const MAX_TITLE_SOURCE = 2000;

/**
 * The plain text of a heading found by the block-level parse (its content
 * is raw there): emphasis markers, escapes and link syntax removed. Plain
 * titles, the vast majority, cost one regex test.
 */
export function headingTitle(text: string, node: TopBlock, shift16: number): string {
  if (!node.content) return '';
  const raw = text.slice(shift16 + node.content.start, shift16 + node.content.end);
  if (!INLINE_MARKUP.test(raw)) return raw;
  // as one ATX heading line, so that content such as `1. Intro` is not read as a list
  const line = `# ${raw.slice(0, MAX_TITLE_SOURCE).replace(/[\r\n]+/g, ' ')}`;
  const heading = parseMdast(line).children[0];
  return heading ? plainText(heading) : raw;
}
