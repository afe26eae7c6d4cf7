import type { Token } from 'markdown-it';
import { MARKDOWN } from './markdown-it.js';
import type { TopBlock } from './top-blocks.js';

/** Characters that can start inline markup; a title without them is its own plain text. */
const INLINE_MARKUP = /[\\`*_[\]<>&~$!:@]/;
/** Titles longer than this are cut before inline parsing, which is not linear on hostile input. */
const MAX_TITLE_SOURCE = 2000;

/**
 * The plain text of a heading (its content is raw in the block parse):
 * emphasis markers, escapes and link syntax removed, entities decoded.
 * Plain titles, the vast majority, cost one regex test.
 */
export function headingTitle(text: string, node: TopBlock, shift16: number): string {
  if (!node.content) return '';
  const raw = text.slice(shift16 + node.content.start, shift16 + node.content.end);
  if (!INLINE_MARKUP.test(raw)) return raw;
  const tokens: Token[] = [];
  const line = raw.slice(0, MAX_TITLE_SOURCE).replace(/[\r\n]+/g, ' ');
  MARKDOWN.inline.parse(line, MARKDOWN, {}, tokens);
  return plainText(tokens);
}

/**
 * The visible text of inline tokens: literal text, code, math and raw HTML,
 * and an image's alternative text (its children), without markup.
 * Iterative, so that no nesting of images can overflow the stack.
 */
function plainText(tokens: Token[]): string {
  const parts: string[] = [];
  const stack: Token[] = [...tokens].reverse();
  while (stack.length > 0) {
    const token = stack.pop()!;
    if (token.type === 'image') {
      for (let i = (token.children ?? []).length - 1; i >= 0; i--) stack.push(token.children![i]!);
    } else if (token.type === 'softbreak' || token.type === 'hardbreak') parts.push(' ');
    else if (LITERAL.has(token.type)) parts.push(token.content);
  }
  return parts.join('');
}

const LITERAL = new Set(['text', 'text_special', 'code_inline', 'math_inline', 'html_inline']);
