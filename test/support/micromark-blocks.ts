import { parse, type postprocess, preprocess } from 'micromark';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { subtokenize } from 'micromark-util-subtokenize';

/** micromark's syntax extension type, named without depending on its types package directly. */
type Extension = ReturnType<typeof gfm>;

/** CommonMark's inline constructs: block structure is fixed before them, so they stay off. */
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

/** An extension without its inline constructs (GFM's autolink literals would stop at every letter). */
function withoutInline(extension: Extension): Extension {
  const { text: _text, insideSpan: _insideSpan, attentionMarkers: _markers, ...blocks } = extension;
  return blocks;
}

/** CommonMark, GFM's block constructs, math and YAML or TOML front matter, inline math kept. */
const BLOCK_SYNTAX = [
  withoutInline(gfm()),
  math(),
  frontmatter(['yaml', 'toml']),
  { disable: { null: INLINE_CONSTRUCTS } },
];

/** micromark's events and tokens, named without depending on its types package directly. */
type Event = ReturnType<typeof postprocess>[number];
type Token = Event[1];

/**
 * The mdast node type each token that opens a root child compiles to
 * (mdast-util-from-markdown and the GFM, math and front matter extensions).
 * Any other token at the top (content, line endings, blank lines) makes no node.
 */
const NODE_TYPE_OF = new Map<string, MicromarkBlock['type']>(
  Object.entries({
    atxHeading: 'heading',
    setextHeading: 'heading',
    paragraph: 'paragraph',
    listOrdered: 'list',
    listUnordered: 'list',
    table: 'table',
    codeFenced: 'code',
    codeIndented: 'code',
    mathFlow: 'math',
    blockQuote: 'blockquote',
    thematicBreak: 'thematicBreak',
    htmlFlow: 'html',
    definition: 'definition',
    gfmFootnoteDefinition: 'footnoteDefinition',
    yaml: 'yaml',
    toml: 'toml',
  } as const),
);

/**
 * Tokens that become children of a heading or paragraph: text (`data`, and
 * line endings, which mdast appends to text), hard breaks and inline math.
 * The block parse turns every other inline construct off; `chunkText` is
 * text left untokenized (see `expandBlocks`).
 */
const PHRASING = new Set(['data', 'lineEnding', 'hardBreakTrailing', 'mathText', 'chunkText']);

/**
 * One top-level Markdown block: what cairn reads from a root child of the
 * mdast tree, taken from micromark's events without building the tree.
 * Offsets are UTF-16 units into the parsed text, counted as mdast counts
 * them (from after a leading U+FEFF).
 */
export interface MicromarkBlock {
  /** The mdast node type. */
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
  /** Headings: from the start of the first child to the end of the last; null when it has none. */
  content?: { start: number; end: number } | null;
  /** Fenced code: the info string's first word, when there is one. */
  lang?: string;
  /** Front matter: its text between the fences. */
  value?: string;
  /** Paragraphs: true when the only child, beside whitespace-only text, is one inline math span. */
  soleInlineMath?: boolean;
}

/**
 * The top-level blocks of `markdown` as `parseMdastBlocks(markdown).children`
 * would give them (same types, offsets and fields cairn reads), straight
 * from micromark's events: building the tree, with a text node, a string
 * value and position objects for every line, costs about as much as
 * tokenizing and leaves much of it for the garbage collector.
 */
export function parseMicromarkBlocks(markdown: string): MicromarkBlock[] {
  const events = expandBlocks(
    parse({ extensions: BLOCK_SYNTAX })
      .document()
      .write(preprocess()(markdown, undefined, true)),
  );
  const blocks: MicromarkBlock[] = [];
  for (let i = 0; i < events.length; i++) {
    const [kind, token] = events[i]!;
    const type = kind === 'enter' ? NODE_TYPE_OF.get(token.type) : undefined;
    if (type === undefined) continue;
    const close = closingEvent(events, i);
    blocks.push(readBlock(events, i, close, type));
    i = close;
  }
  return blocks;
}

/**
 * micromark's `postprocess`, but text that cannot hold inline math stays
 * one `chunkText` token per line instead of being tokenized again: with the
 * other inline constructs off, that second pass only turns each line into
 * `data`, and over the Rust book it takes a third of the parse. Text that
 * opens and closes with `$` is tokenized, since a paragraph that is one
 * math span is a formula; other text with a `$` cannot be one, and one
 * long line of it tokenized whole holds gigabytes.
 */
function expandBlocks(events: Event[]): Event[] {
  for (;;) {
    for (const [kind, token, context] of events) {
      if (kind === 'enter' && token.contentType === 'text' && token.previous === undefined)
        if (!mayBeSoleMath(token, context)) clearContentType(token);
    }
    if (subtokenize(events)) return events;
  }
}

/**
 * Whether the text of a chain of linked tokens (`previous`/`next`), blanks
 * around it aside, opens and closes with `$`, as one inline math span does.
 */
function mayBeSoleMath(head: Token, context: Event[2]): boolean {
  let first = '';
  let last = '';
  for (let token: Token | undefined = head; token; token = token.next) {
    const text = context.sliceSerialize(token).trim();
    if (text === '') continue;
    if (first === '') first = text[0]!;
    last = text[text.length - 1]!;
  }
  return first === '$' && last === '$';
}

/** Leaves a chain of linked tokens as they are: `subtokenize` expands only tokens with a content type. */
function clearContentType(head: Token): void {
  for (let token: Token | undefined = head; token; token = token.next)
    token.contentType = undefined;
}

/** The index of the exit event matching the enter at `open` (events nest properly). */
function closingEvent(events: Event[], open: number): number {
  const token = events[open]![1];
  let i = open + 1;
  while (events[i]![1] !== token) i++;
  return i;
}

function readBlock(
  events: Event[],
  open: number,
  close: number,
  type: MicromarkBlock['type'],
): MicromarkBlock {
  const token = events[open]![1];
  const block: MicromarkBlock = { type, start: token.start.offset, end: token.end.offset };
  if (type === 'heading') {
    const text = firstInside(events, open, close, /^(?:atx|setext)HeadingText$/);
    block.content = text === -1 ? null : phrasingRange(events, text);
    block.depth = headingDepth(events, open, close);
  } else if (type === 'paragraph') {
    block.soleInlineMath = soleInlineMath(events, open);
  } else if (token.type === 'codeFenced') {
    const info = firstInside(events, open, close, /^codeFencedFenceInfo$/);
    if (info !== -1) block.lang = dataInside(events, info, /^data$/);
  } else if (type === 'yaml' || type === 'toml') {
    // as mdast-util-frontmatter: values and line endings, without the first and last line ending
    const raw = dataInside(events, open, new RegExp(`^(?:${type}Value|lineEnding)$`));
    block.value = raw.replace(/^(\r?\n|\r)|(\r?\n|\r)$/g, '');
  }
  return block;
}

/** The index of the first enter event between `open` and `close` whose token type matches, else -1. */
function firstInside(events: Event[], open: number, close: number, type: RegExp): number {
  for (let i = open + 1; i < close; i++) {
    const [kind, token] = events[i]!;
    if (kind === 'enter' && type.test(token.type)) return i;
  }
  return -1;
}

/** The source of every token matching `type` inside the token entered at `open`, joined. */
function dataInside(events: Event[], open: number, type: RegExp): string {
  const parts: string[] = [];
  for (let i = open + 1; events[i]![1] !== events[open]![1]; i++) {
    const [kind, token, context] = events[i]!;
    if (kind === 'enter' && type.test(token.type)) parts.push(context.sliceSerialize(token));
  }
  return parts.join('');
}

/**
 * The direct phrasing children of the token entered at `open`: the index of
 * each child's enter event. Tokens nested deeper (inside inline math) are not children.
 */
function phrasingChildren(events: Event[], open: number): number[] {
  return directChildren(events, open, (type) => PHRASING.has(type));
}

/** The enter events of the tokens directly inside the one entered at `open` whose type `keep` takes. */
function directChildren(events: Event[], open: number, keep: (type: string) => boolean): number[] {
  const children: number[] = [];
  let depth = 0;
  for (let i = open + 1; events[i]![1] !== events[open]![1]; i++) {
    const [kind, token] = events[i]!;
    if (kind === 'exit') depth--;
    else if (depth++ === 0 && keep(token.type)) children.push(i);
  }
  return children;
}

/** From the first phrasing child's start to the last one's end; null without children. */
function phrasingRange(events: Event[], open: number): { start: number; end: number } | null {
  const children = phrasingChildren(events, open);
  if (children.length === 0) return null;
  const first: Token = events[children[0]!]![1];
  const [, last, context] = events[children.at(-1)!]!;
  // text tokenized would end in data before trailing whitespace, which becomes a line suffix
  const trailing =
    last.type === 'chunkText' ? /[ \t]*$/.exec(context.sliceSerialize(last))![0] : '';
  return { start: first.start.offset, end: last.end.offset - trailing.length };
}

/** As mdast: an ATX heading's first `#` run, or the setext underline's character. */
function headingDepth(events: Event[], open: number, close: number): number {
  const sequence = firstInside(events, open, close, /^(?:atxHeading|setextHeadingLine)Sequence$/);
  if (sequence === -1) return 0;
  const [, token, context] = events[sequence]!;
  const source = context.sliceSerialize(token);
  return token.type === 'atxHeadingSequence' ? source.length : source.startsWith('=') ? 1 : 2;
}

/**
 * Whether a paragraph's children, beside whitespace-only text, are exactly
 * one inline math span. mdast merges adjacent data and line endings into
 * one text node: a run is whitespace-only when each of its parts is.
 */
function soleInlineMath(events: Event[], open: number): boolean {
  const children = phrasingChildren(events, open);
  const types = children.map((i) => events[i]![1].type);
  // text is only read when the cheap test passes: paragraphs with math are rare
  if (types.filter((type) => type === 'mathText').length !== 1) return false;
  if (types.includes('hardBreakTrailing')) return false;
  return children.every((i) => {
    const [, token, context] = events[i]!;
    return token.type === 'mathText' || context.sliceSerialize(token).trim() === '';
  });
}
