import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';

const FRONT_MATTER = ['yaml', 'toml'] as const;

/** micromark's syntax extension type, named without depending on its types package directly. */
type Extension = ReturnType<typeof gfm>;

/**
 * The inline (text) constructs of CommonMark, by name. CommonMark fixes
 * block structure before inline parsing, so turning these off leaves every
 * block where it was; it also removes the inputs on which micromark's
 * inline resolvers go quadratic (`*a*a*a...`, `[[[...]]]`).
 */
const INLINE_CONSTRUCTS = [
  'attention',
  'autolink',
  'characterEscape',
  'characterReference',
  'codeText',
  'hardBreakEscape',
  'htmlText',
  'labelEnd',
  'labelStartImage',
  'labelStartLink',
];

/**
 * An extension without its inline constructs. Disabling by name is not
 * enough for these: micromark still stops its text scan at every character
 * a construct is registered on, and GFM's autolink literals register on
 * every letter and digit, so a 20 MB paragraph would become millions of tokens.
 */
function withoutInline(extension: Extension): Extension {
  const { text: _text, insideSpan: _insideSpan, attentionMarkers: _markers, ...blocks } = extension;
  return blocks;
}

/**
 * GFM's tree transforms are dropped: the only one finds autolink literals
 * with a recursive visit, which overflows the stack on input nested a few
 * thousand levels deep, and cairn needs positions and plain text, never
 * link nodes.
 */
const gfmWithoutTransforms = gfmFromMarkdown().map(({ transforms: _, ...extension }) => extension);

// built once: extension objects are plain data and combining them per call costs more than small documents
const GFM = gfm();
const MATH = math();
const SYNTAX = [GFM, MATH, frontmatter([...FRONT_MATTER])];
const TREE = [
  ...gfmWithoutTransforms,
  mathFromMarkdown(),
  frontmatterFromMarkdown([...FRONT_MATTER]),
];
const FULL = { extensions: SYNTAX, mdastExtensions: TREE };
/** The syntax of the block-level parse, for micromark itself (see `parseTopBlocks`). */
export const BLOCK_SYNTAX = [
  withoutInline(GFM),
  // inline math stays: a paragraph that is one `$$...$$` span is a formula to the notebook parser
  MATH,
  frontmatter([...FRONT_MATTER]),
  { disable: { null: INLINE_CONSTRUCTS } },
];
const BLOCKS = { extensions: BLOCK_SYNTAX, mdastExtensions: TREE };

/**
 * The block structure of CommonMark + GFM + math + front matter; inline
 * content stays raw text, but for inline math. Positions are UTF-16 offsets
 * into `markdown`. cairn reads blocks with `parseTopBlocks`, which must
 * agree with this tree's root children (its tests check that it does).
 */
export function parseMdastBlocks(markdown: string): Root {
  return fromMarkdown(markdown, BLOCKS);
}

/** The full syntax tree, inline constructs included: only for short texts such as headings. */
export function parseMdast(markdown: string): Root {
  return fromMarkdown(markdown, FULL);
}
