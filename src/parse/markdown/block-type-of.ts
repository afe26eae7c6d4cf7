import type { BlockType } from '../../types.js';
import type { TopBlock } from './top-blocks.js';

const BLOCK_TYPES: Record<string, BlockType> = {
  heading: 'heading',
  paragraph: 'paragraph',
  list: 'list',
  table: 'table',
  code: 'code',
  math: 'formula',
  blockquote: 'quote',
  thematicBreak: 'thematic_break',
  html: 'html',
  definition: 'definition',
  footnoteDefinition: 'footnote',
  yaml: 'front_matter',
  toml: 'front_matter',
};

/**
 * The block type of a top-level block (by its mdast node type). Anything unforeseen (a future
 * extension's node) is kept as a paragraph rather than dropped: losing
 * content silently is worse than a coarse type.
 */
export function blockTypeOf(node: TopBlock): BlockType {
  return BLOCK_TYPES[node.type] ?? 'paragraph';
}
