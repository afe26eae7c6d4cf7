import type { Token } from 'markdown-it';
import { MARKDOWN } from './markdown-it.js';

/**
 * One top-level Markdown block. Offsets are UTF-16 units into the parsed
 * text; `type` names the construct as mdast does.
 */
export interface TopBlock {
  type:
    | 'heading'
    | 'paragraph'
    | 'list'
    | 'table'
    | 'code'
    | 'math'
    | 'blockquote'
    | 'thematicBreak'
    | 'html'
    | 'definition'
    | 'footnoteDefinition'
    | 'yaml'
    | 'toml';
  start: number;
  end: number;
  /** Headings: the depth, 1 to 6. */
  depth?: number;
  /** Headings: their text without markers and surrounding blanks; null when empty. */
  content?: { start: number; end: number } | null;
  /** Fenced code: the info string's first word, when there is one. */
  lang?: string;
  /** Front matter: its text between the fences. */
  value?: string;
  /** Paragraphs: true when the only child, beside blank text, is one inline math span. */
  soleInlineMath?: boolean;
}

/** The block each markdown-it token that opens a top-level block stands for. */
const TYPE_OF: Record<string, TopBlock['type']> = {
  heading_open: 'heading',
  paragraph_open: 'paragraph',
  bullet_list_open: 'list',
  ordered_list_open: 'list',
  table_open: 'table',
  fence: 'code',
  code_block: 'code',
  math_block: 'math',
  blockquote_open: 'blockquote',
  hr: 'thematicBreak',
  html_block: 'html',
  reference: 'definition',
  footnote_reference_open: 'footnoteDefinition',
};

/** A front matter fence line: `---` (YAML) or `+++` (TOML), blanks after it allowed. */
const FENCE_LINE = /^(?:---|\+\+\+)[ \t]*$/;

/**
 * The top-level blocks of `markdown`. markdown-it gives every block token
 * the lines it covers; a top-level block's span runs from the first
 * non-blank character of its first line (indented code: from the line's
 * start, its indentation being part of it) to the last non-blank character
 * of its last line, so spans follow from an index of line starts.
 */
export function parseTopBlocks(markdown: string): TopBlock[] {
  const matter = frontMatterOf(markdown);
  if (matter === null) return parseBlocks(markdown, []);
  // the rest parses as a document of its own: front matter closes before anything opens
  return parseBlocks(markdown.slice(matter.end), [matter]).map((block, i) =>
    i === 0 ? block : shiftBlock(block, matter.end),
  );
}

/**
 * Front matter as micromark-extension-frontmatter reads it: a fence line
 * opening the document and the same fence closing it. Without a closing
 * line there is none (the first line is then a thematic break or text).
 */
function frontMatterOf(markdown: string): TopBlock | null {
  const first = markdown.charCodeAt(0);
  if (first !== 45 && first !== 43) return null;
  const lines = lineStarts(markdown);
  const lineAt = (i: number) => markdown.slice(lines[i], (lines[i + 1] ?? markdown.length + 1) - 1);
  const fence = lineAt(0).replace(/\r$/, '');
  if (!FENCE_LINE.test(fence)) return null;
  for (let i = 1; i < lines.length; i++) {
    const line = lineAt(i).replace(/\r$/, '');
    if (!FENCE_LINE.test(line) || line[0] !== fence[0]) continue;
    const value = markdown.slice(lines[1], lines[i]).replace(/(?:\r\n?|\n)$/, '');
    return {
      type: fence[0] === '-' ? 'yaml' : 'toml',
      start: 0,
      end: lines[i]! + line.length,
      value,
    };
  }
  return null;
}

function shiftBlock(block: TopBlock, by: number): TopBlock {
  block.start += by;
  block.end += by;
  if (block.content)
    block.content = { start: block.content.start + by, end: block.content.end + by };
  return block;
}

/** The blocks of `markdown` after `blocks`. */
function parseBlocks(markdown: string, blocks: TopBlock[]): TopBlock[] {
  const tokens = MARKDOWN.parse(markdown, {});
  const lines = lineStarts(markdown);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const type = token.level === 0 && token.map ? TYPE_OF[token.type] : undefined;
    if (type === undefined || token.map === null) continue;
    const [first, last] = token.map;
    const start = token.type === 'code_block' ? lines[first]! : skipBlank(markdown, lines[first]!);
    const end = trimEnd(markdown, start, lines[last] ?? markdown.length);
    const block: TopBlock = { type, start, end };
    readDetails(block, token, tokens[i + 1], { markdown, lines });
    blocks.push(block);
  }
  return blocks;
}

interface Source {
  markdown: string;
  lines: number[];
}

/** The fields beside type and span: a heading's depth and text, a fence's language, front matter. */
function readDetails(block: TopBlock, token: Token, next: Token | undefined, source: Source): void {
  if (block.type === 'heading') {
    block.depth = Number(token.tag.slice(1));
    block.content = headingContent(token, next!, source);
  } else if (block.type === 'paragraph') {
    block.soleInlineMath = isSoleInlineMath(next!.content);
  } else if (token.type === 'fence') {
    const lang = /^[^ \t]+/.exec(token.info.replace(/^[ \t]+/, ''))?.[0];
    if (lang !== undefined) block.lang = lang;
  }
}

/**
 * Where a heading's text lies: an ATX heading's is markdown-it's content,
 * found on its line after the `#` run; a setext heading's runs from the
 * first non-blank character of its first line to the last of the line
 * before its underline.
 */
function headingContent(
  token: Token,
  inline: Token,
  { markdown, lines }: Source,
): { start: number; end: number } | null {
  const [first, last] = token.map!;
  if (inline.content === '') return null;
  const lineStart = skipBlank(markdown, lines[first]!);
  if (token.markup.startsWith('#')) {
    const start = markdown.indexOf(inline.content, lineStart + token.markup.length);
    return { start, end: start + inline.content.length };
  }
  return { start: lineStart, end: trimEnd(markdown, lineStart, lines[last - 1]!) };
}

/**
 * Whether a paragraph is one inline math span and blanks: Jupyter shows
 * such a paragraph as display math. Only text that opens and closes with
 * `$` is parsed inline, so a long paragraph with a `$` in it costs nothing.
 */
function isSoleInlineMath(content: string): boolean {
  if (!content.startsWith('$') || !content.endsWith('$')) return false;
  const children: Token[] = [];
  MARKDOWN.inline.parse(content, MARKDOWN, {}, children);
  let math = 0;
  for (const child of children) {
    if (child.type === 'math_inline') math++;
    else if (child.type !== 'softbreak' && (child.type !== 'text' || child.content.trim() !== ''))
      return false;
  }
  return math === 1;
}

/** Where each line starts: markdown-it ends lines at CRLF, LF and a lone CR. */
function lineStarts(markdown: string): number[] {
  const starts = [0];
  // most documents have no CR: one indexOf a line
  if (markdown.indexOf('\r') === -1) {
    for (let at = markdown.indexOf('\n'); at !== -1; at = markdown.indexOf('\n', at + 1))
      starts.push(at + 1);
    return starts;
  }
  for (let i = 0; i < markdown.length; i++) {
    const unit = markdown.charCodeAt(i);
    if (unit === 13) {
      if (markdown.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (unit === 10) starts.push(i + 1);
  }
  return starts;
}

/** The first index at or after `at` that is not a space or tab. */
function skipBlank(markdown: string, at: number): number {
  let i = at;
  while (isBlank(markdown.charCodeAt(i))) i++;
  return i;
}

/** `end` moved back over spaces, tabs and line endings, not before `start`. */
function trimEnd(markdown: string, start: number, end: number): number {
  let i = end;
  while (i > start && (isBlank(markdown.charCodeAt(i - 1)) || isEol(markdown.charCodeAt(i - 1))))
    i--;
  return i;
}

function isBlank(unit: number): boolean {
  return unit === 32 || unit === 9;
}

function isEol(unit: number): boolean {
  return unit === 10 || unit === 13;
}
