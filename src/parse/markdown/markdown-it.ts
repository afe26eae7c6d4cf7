import MarkdownIt, { type StateBlock } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import math from 'markdown-it-math/no-default-renderer';

/** markdown-it's block rule signature. */
type BlockRule = (
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
) => boolean;

/** A rule as markdown-it's ruler keeps it: the ruler offers no way to read one back. */
interface RuleEntry {
  name: string;
  fn: BlockRule;
  alt: string[];
}

/**
 * The Markdown parser: CommonMark with HTML blocks, GFM tables, `$$` math
 * blocks and `$` inline math, footnote definitions (front matter: see
 * `frontMatterOf`).
 * `parse` runs the block stage only (cairn reads blocks; inline parsing is
 * for heading titles and math paragraphs, on their text alone).
 */
export const MARKDOWN = new MarkdownIt('default', {
  html: true,
  linkify: false,
  typographer: false,
});
MARKDOWN.use(footnote);
MARKDOWN.use(math, {
  inlineDelimiters: [
    ['$$', '$$'],
    ['$', '$'],
  ],
  blockDelimiters: '$$',
});
recordLines('reference', 'reference');
recordLines('footnote_def', null);
keepTableLinesOnly();
keepCodeLinesOnly();
MARKDOWN.core.ruler.enableOnly(['normalize', 'block']);

/** A block rule of `MARKDOWN` by name, with the rules it may interrupt. */
function blockRule(name: string): RuleEntry {
  const rules = (MARKDOWN.block.ruler as unknown as { __rules__: RuleEntry[] }).__rules__;
  return rules.find((rule) => rule.name === name)!;
}

/**
 * Makes a block rule's lines visible: link reference definitions leave no
 * token (a `reference` token is added), footnote definitions leave theirs
 * without lines (the first token pushed gets them).
 */
function recordLines(name: string, added: string | null): void {
  const { fn: original, alt } = blockRule(name);
  const recorded: BlockRule = (state, startLine, endLine, silent) => {
    const before = state.tokens.length;
    if (!original(state, startLine, endLine, silent)) return false;
    if (silent) return true;
    if (added !== null) {
      const token = new state.Token(added, '', 0);
      token.level = state.level;
      state.tokens.splice(before, 0, token);
    }
    state.tokens[before]!.map = [startLine, state.line];
    return true;
  };
  MARKDOWN.block.ruler.at(name, recorded, { alt });
}

/** The table tokens kept: cairn reads a table's lines, never its rows or cells. */
const TABLE_TOKENS = new Set(['table_open', 'table_close']);

/**
 * GFM tables without their cells: markdown-it's table rule pushes three
 * tokens a cell and keeps them all until the table ends (a 3 MB table of 200
 * columns made 2.4 million, in 15 s and 570 MB). While it runs, every token
 * but the table's own is one scratch token, dropped; the rule decides what
 * is a table as before.
 */
function keepTableLinesOnly(): void {
  const { fn: table, alt } = blockRule('table');
  const linesOnly: BlockRule = (state, startLine, endLine, silent) => {
    if (silent) return table(state, startLine, endLine, silent);
    const scratch = new state.Token('', '', 0);
    const push = state.push;
    state.push = (type, tag, nesting) =>
      TABLE_TOKENS.has(type) ? push.call(state, type, tag, nesting) : scratch;
    try {
      return table(state, startLine, endLine, silent);
    } finally {
      state.push = push;
    }
  };
  MARKDOWN.block.ruler.at('table', linesOnly, { alt });
}

/**
 * Indented code without its text: markdown-it copies every code block's
 * lines into its token, and cairn reads a block's lines, never that copy.
 * The eCFR indents its regulation text, so the copies were most of the
 * document again, held until the block parse ended. While the rule runs,
 * reading lines gives an empty string; the rule decides what is code as before.
 */
function keepCodeLinesOnly(): void {
  const { fn: code, alt } = blockRule('code');
  const linesOnly: BlockRule = (state, startLine, endLine, silent) => {
    const getLines = state.getLines;
    state.getLines = () => '';
    try {
      return code(state, startLine, endLine, silent);
    } finally {
      state.getLines = getLines;
    }
  };
  MARKDOWN.block.ruler.at('code', linesOnly, { alt });
}
