import type { DocumentBuilder } from '../document-builder.js';
import { blockTypeOf } from './block-type-of.js';
import { checkMarkdownNesting } from './check-markdown-nesting.js';
import { headingTitle } from './heading-title.js';
import { isInvisibleMarkup } from './is-invisible-markup.js';
import { parseTopBlocks, type TopBlock } from './top-blocks.js';

export interface EmitMarkdownOptions {
  /** Added to every heading depth, so that Markdown nested in another structure ranks below it. */
  rankBase?: number;
  /** Notebook cell index recorded on every block. */
  cell?: number;
  /** Named in errors (too deep a nesting). */
  source?: string;
}

export interface MarkdownRange {
  start16: number;
  end16: number;
}

/**
 * Parses `text.slice(start16, end16)` as Markdown and adds its sections
 * (headings) and top-level blocks to `builder`, with offsets shifted back
 * into `text`.
 */
export function emitMarkdown(
  builder: DocumentBuilder,
  text: string,
  range: MarkdownRange,
  options: EmitMarkdownOptions = {},
): void {
  const { nodes, shift16 } = parseRange(text, range, options.source);
  emitNodes(builder, { nodes, shift16 }, options);
}

/**
 * The top-level nodes of one parsed range, in order. Raw HTML that shows
 * nothing (`isInvisibleMarkup`: a comment, an empty `<a id>` link target)
 * right before a heading belongs to that heading: its section opens at the
 * first such block, so every chunker keeps the markup with the text it
 * names instead of leaving it, alone, at the end of the section before.
 */
export function emitNodes(
  builder: DocumentBuilder,
  parsed: { nodes: readonly TopBlock[]; shift16: number },
  options: EmitMarkdownOptions = {},
): void {
  const { nodes, shift16 } = parsed;
  let opened = -1;
  for (const [i, node] of nodes.entries()) {
    if (i > opened && isMarkupNode(builder.canonical, node, shift16)) {
      let next = i + 1;
      while (next < nodes.length && isMarkupNode(builder.canonical, nodes[next]!, shift16)) next++;
      const heading = nodes[next];
      if (heading?.type === 'heading') {
        openSection(builder, heading, shift16, { ...options, start16: shift16 + node.start });
        opened = next;
      }
    }
    if (i === opened) emitHeadingBlock(builder, node, shift16, options);
    else emitNode(builder, node, shift16, options);
  }
}

function isMarkupNode(canonical: string, node: TopBlock, shift16: number): boolean {
  return (
    (node.type === 'html' || node.type === 'paragraph') &&
    isInvisibleMarkup(canonical.slice(shift16 + node.start, shift16 + node.end))
  );
}

/** Top-level nodes of a range and the offset that maps their positions back into `text`. */
export function parseRange(
  text: string,
  range: MarkdownRange,
  source?: string,
): { nodes: TopBlock[]; shift16: number } {
  const markdown = text.slice(range.start16, range.end16);
  checkMarkdownNesting(markdown, source);
  // a leading U+FEFF is no content: CommonMark parsers skip it, and offsets count after it
  const bom = markdown.charCodeAt(0) === 0xfeff ? 1 : 0;
  return {
    nodes: parseTopBlocks(bom === 0 ? markdown : markdown.slice(bom)),
    shift16: range.start16 + bom,
  };
}

/** One top-level node: a heading opens a section and is its first block; anything else is a block. */
export function emitNode(
  builder: DocumentBuilder,
  node: TopBlock,
  shift16: number,
  options: EmitMarkdownOptions = {},
): void {
  const start16 = shift16 + node.start;
  const end16 = shift16 + node.end;
  if (end16 <= start16) return;
  const cell = options.cell === undefined ? {} : { cell: options.cell };
  if (node.type === 'heading') {
    openSection(builder, node, shift16, { ...options, start16 });
    emitHeadingBlock(builder, node, shift16, options);
    return;
  }
  const lang = node.lang ? { lang: node.lang } : {};
  builder.block({ type: blockTypeOf(node), start16, end16, ...lang, ...cell });
}

/** The section a heading opens, from `start16` (the heading's start, or markup that leads into it). */
function openSection(
  builder: DocumentBuilder,
  node: TopBlock,
  shift16: number,
  options: EmitMarkdownOptions & { start16: number },
): void {
  builder.section({
    rank: (node.depth ?? 0) + (options.rankBase ?? 0),
    title: headingTitle(builder.canonical, node, shift16),
    start16: options.start16,
    heading: { start16: shift16 + node.start, end16: shift16 + node.end },
  });
}

function emitHeadingBlock(
  builder: DocumentBuilder,
  node: TopBlock,
  shift16: number,
  options: EmitMarkdownOptions,
): void {
  const cell = options.cell === undefined ? {} : { cell: options.cell };
  builder.block({
    type: 'heading',
    start16: shift16 + node.start,
    end16: shift16 + node.end,
    depth: node.depth,
    ...cell,
  });
}
