import type { DefaultTreeAdapterTypes } from 'parse5';
import type { BlockType } from '../../types.js';
import { ContainerLayout } from './container-layout.js';
import {
  CODE_ELEMENTS,
  codeLanguage,
  headingLevel,
  isBlockLevel,
  isDisplayMath,
  isHidden,
  isSkippedTag,
  LIST_CONTAINERS,
  LIST_ITEMS,
} from './html-elements.js';
import { mathText, mathUnder } from './math-text.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type TextNode = DefaultTreeAdapterTypes.TextNode;

/** A block of the text layer, in UTF-16 indices of the canonical text and of the source. */
interface TextLayerBlock {
  type: BlockType;
  start16: number;
  end16: number;
  /** Heading level (1-6) for `heading` blocks. */
  depth?: number;
  /** Code blocks: the language their `language-x` class names. */
  lang?: string;
  /** The element (or, for loose text, the text nodes) this block came from. */
  source16?: { start16: number; end16: number };
  /** Most of the block's text is outside the article (only when an article was given). */
  furniture?: boolean;
}

export interface TextLayerOptions {
  /** Whether a text node belongs to the page's article; without it no block is furniture. */
  isArticle?: (text: TextNode) => boolean;
}

export interface TextLayer {
  canonical: string;
  blocks: TextLayerBlock[];
}

/**
 * How text inside an atomic block is laid out: `flow` is ordinary prose
 * outside any atomic block; the others hold one block each until their
 * element closes.
 */
type Mode = 'flow' | 'heading' | 'list' | 'table' | 'quote' | 'code' | 'formula' | 'verbatim';

/** What to do when the walk leaves an element, decided when it entered. */
enum Exit {
  None = 0,
  /** A block-level element in the flow: ends the run of text. */
  FlowBlock = 1,
  /** The element that opened an atomic block: closes it. */
  Atomic = 2,
  /** A block-level element inside an atomic block: a line break. */
  InnerBreak = 3,
  /** A paragraph inside a quote: a blank line, as the quote's paragraphs are apart on screen. */
  InnerParagraph = 4,
}

/** ASCII white space, which CSS `white-space: normal` collapses; U+00A0 and friends stay. */
const SPACE_RUN = /[\t\n\f\r ]+/g;
const SPACE_RUN_TEST = /[\t\n\f\r]| {2}/;
/** Any character that is not white space of any kind (U+00A0 and U+3000 included). */
const VISIBLE = /\S/;
const LEADING_BLANK_LINES = /^(?:[\t\f\r ]*\n)+/;

/** Blocks are separated by one blank line in the canonical text. */
const BLOCK_SEPARATOR = '\n\n';
const CELL_SEPARATOR = ' | ';

/**
 * The visible text of a parsed HTML document: what a reader sees, with a
 * blank line between blocks, and every block's place in the source markup.
 *
 * The walk is iterative with an explicit stack: real pages nest thousands of
 * elements deep, and recursion would overflow the V8 stack. The canonical text
 * is assembled once from an array of parts, so the cost is linear.
 */
export function extractTextLayer(
  document: DefaultTreeAdapterTypes.Document,
  options: TextLayerOptions = {},
): TextLayer {
  const writer = new TextLayerWriter(options.isArticle ?? null);
  const layout = new ContainerLayout();
  const nodes: ParentNode[] = [document];
  const next: number[] = [0];
  const exits: Exit[] = [Exit.None];
  const modes: Mode[] = ['flow'];
  /** Block type of loose text in the flow: inside a list item it is list text, in a quote quoted. */
  const hints: BlockType[] = ['paragraph'];
  writer.open('paragraph', null);

  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const node = nodes[top]!;
    const i = next[top]!;
    if (i >= node.childNodes.length) {
      leave(node as Element, exits[top]!);
      nodes.pop();
      next.pop();
      exits.pop();
      continue;
    }
    next[top] = i + 1;
    const child = node.childNodes[i]!;
    const mode = modes.at(-1)!;
    if (child.nodeName === '#text') {
      const text = child as TextNode;
      if (mode === 'code' || mode === 'verbatim') writer.verbatim(text.value, text);
      else writer.collapsed(text.value, text);
      continue;
    }
    if (!('tagName' in child)) continue;
    const tex = child.tagName === 'math' ? mathText(child) : null;
    if (tex !== null) {
      writeMath(child, tex, mode);
      continue;
    }
    if (isHidden(child)) {
      if (!isSkippedTag(child)) {
        for (const math of mathUnder(child)) {
          const hiddenTex = mathText(math);
          if (hiddenTex !== null) writeMath(math, hiddenTex, mode);
        }
      }
      continue;
    }
    const exit = enter(child, mode);
    if (child.childNodes.length === 0) {
      leave(child, exit);
      continue;
    }
    nodes.push(child);
    next.push(0);
    exits.push(exit);
  }
  writer.close(null);
  return writer.finish();

  /** A formula read as its TeX: a block of its own when displayed in the flow, else text of its block. */
  function writeMath(math: Element, tex: string, mode: Mode): void {
    if (mode !== 'flow' || !isDisplayMath(math)) {
      writer.formula(tex, math);
      return;
    }
    writer.close(null);
    writer.open('formula', math);
    writer.formula(tex, math);
    writer.close(math);
    writer.open(hints.at(-1)!, null);
  }

  function enter(element: Element, mode: Mode): Exit {
    const tag = element.tagName;
    if (mode !== 'flow') return enterInside(element, mode);
    if (tag === 'br') {
      writer.lineBreak();
      return Exit.None;
    }
    const level = headingLevel(element);
    let atomic: Mode | null = null;
    let type: BlockType = 'paragraph';
    if (level > 0) {
      atomic = 'heading';
      type = 'heading';
    } else if (CODE_ELEMENTS.has(tag)) {
      atomic = 'code';
      type = 'code';
    } else if (tag === 'textarea') {
      atomic = 'verbatim';
    } else if (tag === 'table' && !layout.isTransparent(element)) {
      atomic = 'table';
      type = 'table';
    } else if (LIST_CONTAINERS.has(tag) && !layout.isTransparent(element)) {
      atomic = 'list';
      type = 'list';
    } else if (tag === 'blockquote' && !layout.isTransparent(element)) {
      atomic = 'quote';
      type = 'quote';
    } else if (isDisplayMath(element)) {
      atomic = 'formula';
      type = 'formula';
    }
    if (atomic !== null) {
      writer.close(null);
      writer.open(type, element, {
        depth: level > 0 ? level : undefined,
        lang: atomic === 'code' ? codeLanguage(element) : undefined,
      });
      modes.push(atomic);
      return Exit.Atomic;
    }
    if (!isBlockLevel(element)) return Exit.None;
    writer.close(null);
    const hint = LIST_ITEMS.has(tag)
      ? 'list'
      : tag === 'blockquote'
        ? 'quote'
        : tag === 'td' || tag === 'th' || tag === 'caption'
          ? 'paragraph'
          : hints.at(-1)!;
    hints.push(hint);
    writer.open(hint, element);
    return Exit.FlowBlock;
  }

  /** Inside an atomic block, structure becomes separators within the one block. */
  function enterInside(element: Element, mode: Mode): Exit {
    const tag = element.tagName;
    switch (mode) {
      case 'code':
        if (tag === 'br') writer.verbatim('\n', null);
        else if (isBlockLevel(element)) {
          writer.verbatimBreak();
          return Exit.InnerBreak;
        }
        return Exit.None;
      case 'table':
        if (tag === 'tr' || tag === 'caption') {
          writer.pendBreak(1);
          return Exit.InnerBreak;
        }
        if (tag === 'td' || tag === 'th') writer.pendCell();
        else if (tag === 'br' || isBlockLevel(element)) writer.pendSpace();
        return Exit.None;
      case 'list':
      case 'quote': {
        if (tag === 'br') writer.pendBreak(1);
        else if (mode === 'quote' && (tag === 'p' || headingLevel(element) > 0)) {
          writer.pendBreak(2);
          return Exit.InnerParagraph;
        } else if (isBlockLevel(element)) {
          writer.pendBreak(1);
          return Exit.InnerBreak;
        }
        return Exit.None;
      }
      case 'heading':
      case 'formula':
        if (tag === 'br' || isBlockLevel(element) || tag === 'mtr' || tag === 'mtd')
          writer.pendSpace();
        return Exit.None;
      default:
        return Exit.None;
    }
  }

  function leave(element: Element, exit: Exit): void {
    switch (exit) {
      case Exit.FlowBlock:
        writer.close(element);
        hints.pop();
        writer.open(hints.at(-1)!, null);
        return;
      case Exit.Atomic:
        writer.close(element);
        modes.pop();
        writer.open(hints.at(-1)!, null);
        return;
      case Exit.InnerBreak:
        if (modes.at(-1) === 'code') writer.verbatimBreak();
        else writer.pendBreak(1);
        return;
      case Exit.InnerParagraph:
        writer.pendBreak(2);
        return;
      default:
        return;
    }
  }
}

/**
 * Accumulates the canonical text. Separators (spaces, line breaks, cell
 * bars) are only pending until the next visible text: a block never starts
 * or ends with one, and empty elements leave no trace.
 */
class TextLayerWriter {
  private readonly isArticle: ((text: TextNode) => boolean) | null;
  private readonly parts: string[] = [];
  private length16 = 0;
  private readonly blocks: TextLayerBlock[] = [];

  private type: BlockType = 'paragraph';
  private depth: number | undefined;
  private lang: string | undefined;
  /** The element whose start opened this block; its source span is the block's when it also ends it. */
  private owner: Element | null = null;
  private start16 = -1;
  /** Where the block's parts begin (before its separator), to take back a block of blanks. */
  private firstPart = 0;
  private separatorStart16 = 0;
  private visible = false;
  private sourceStart = Number.POSITIVE_INFINITY;
  private sourceEnd = -1;

  private space = false;
  private breaks = 0;
  private cell = false;
  /** White space held back in `pre` text: kept between text, dropped at the block's ends. */
  private held = '';

  /** Code units of the block's text, and of those in the article; and whether the text now written is. */
  private textLength = 0;
  private articleLength = 0;
  private inArticle = true;

  constructor(isArticle: ((text: TextNode) => boolean) | null) {
    this.isArticle = isArticle;
  }

  open(
    type: BlockType,
    owner: Element | null,
    about: { depth?: number; lang?: string } = {},
  ): void {
    this.type = type;
    this.depth = about.depth;
    this.lang = about.lang;
    this.owner = owner;
    this.start16 = -1;
    this.sourceStart = Number.POSITIVE_INFINITY;
    this.sourceEnd = -1;
    this.clearPending();
  }

  close(closer: Element | null): void {
    if (this.start16 >= 0 && !this.visible) {
      // only white space such as &nbsp; or U+3000: nothing to read or cite
      this.parts.length = this.firstPart;
      this.length16 = this.separatorStart16;
    } else if (this.start16 >= 0) {
      const block: TextLayerBlock = {
        type: this.type,
        start16: this.start16,
        end16: this.length16,
      };
      if (this.depth !== undefined) block.depth = this.depth;
      if (this.lang !== undefined) block.lang = this.lang;
      if (this.isArticle !== null && this.articleLength * 2 < this.textLength)
        block.furniture = true;
      const location = this.owner === closer ? this.owner?.sourceCodeLocation : null;
      if (location) {
        // parse5 ends a raw-text element left open at the end of input (`<textarea>x`) where it
        // starts: the text it holds still belongs to its span
        block.source16 = {
          start16: Math.min(location.startOffset, this.sourceStart),
          end16: Math.max(location.endOffset, this.sourceEnd),
        };
      } else if (this.sourceEnd >= 0) {
        block.source16 = { start16: this.sourceStart, end16: this.sourceEnd };
      }
      this.blocks.push(block);
    }
    this.start16 = -1;
    this.owner = null;
    this.clearPending();
  }

  /** `<br>` in the flow: a line break; two in a row end the paragraph, as old pages use them. */
  lineBreak(): void {
    if (this.start16 < 0) return;
    if (this.breaks > 0) {
      const { type, depth, lang } = this;
      this.close(null);
      this.open(type, null, { depth, lang });
      return;
    }
    this.breaks = 1;
  }

  pendBreak(count: number): void {
    if (count > this.breaks) this.breaks = count;
  }

  pendCell(): void {
    this.cell = true;
  }

  pendSpace(): void {
    this.space = true;
  }

  verbatimBreak(): void {
    if (!this.held.endsWith('\n')) this.held += '\n';
  }

  /** Text under `white-space: normal`: runs of white space become one space. */
  collapsed(value: string, node: TextNode | null): void {
    // most text nodes of real pages are indentation between tags: no regex, no copy
    let first = 0;
    while (first < value.length && isAsciiSpace(value.charCodeAt(first))) first++;
    if (first === value.length) {
      if (first > 0) this.space = true;
      return;
    }
    if (first > 0) this.space = true;
    let last = value.length;
    while (isAsciiSpace(value.charCodeAt(last - 1))) last--;
    const body = first === 0 && last === value.length ? value : value.slice(first, last);
    this.flush(node);
    this.push(SPACE_RUN_TEST.test(body) ? body.replace(SPACE_RUN, ' ') : body);
    if (last < value.length) this.space = true;
  }

  /** Text under `white-space: pre`: kept as it is, but never leading or trailing blank lines. */
  verbatim(value: string, node: TextNode | null): void {
    let end = value.length;
    while (end > 0 && isAsciiSpace(value.charCodeAt(end - 1))) end--;
    if (end === 0) {
      this.held += value;
      return;
    }
    let body = end === value.length ? value : value.slice(0, end);
    if (this.start16 < 0) {
      body = (this.held + body).replace(LEADING_BLANK_LINES, '');
      this.held = '';
      this.flush(node);
    } else {
      this.flush(node);
    }
    this.push(body);
    this.held = end === value.length ? '' : value.slice(end);
  }

  /** A formula's text (its TeX): text of no text node, placed in the source at its element. */
  formula(text: string, element: Element): void {
    this.flush(null);
    const location = element.sourceCodeLocation;
    if (location) {
      if (location.startOffset < this.sourceStart) this.sourceStart = location.startOffset;
      if (location.endOffset > this.sourceEnd) this.sourceEnd = location.endOffset;
    }
    this.push(text);
  }

  finish(): { canonical: string; blocks: TextLayerBlock[] } {
    return { canonical: this.parts.join(''), blocks: this.blocks };
  }

  /** Starts the block on its first visible text, or emits what separates this text from the last. */
  private flush(node: TextNode | null): void {
    if (this.start16 < 0) {
      this.firstPart = this.parts.length;
      this.separatorStart16 = this.length16;
      this.visible = false;
      this.textLength = 0;
      this.articleLength = 0;
      if (this.length16 > 0) this.pushSeparator(BLOCK_SEPARATOR);
      this.start16 = this.length16;
    } else if (this.breaks > 0) {
      this.pushSeparator(this.breaks > 1 ? '\n\n' : '\n');
    } else if (this.cell) {
      this.pushSeparator(CELL_SEPARATOR);
    } else if (this.held !== '') {
      this.pushSeparator(this.held);
    } else if (this.space) {
      this.pushSeparator(' ');
    }
    this.clearPending();
    // a `<br>` inside `pre` writes text of no node: it goes with the text before it
    if (node !== null && this.isArticle !== null) this.inArticle = this.isArticle(node);
    const location = node?.sourceCodeLocation;
    if (location) {
      if (location.startOffset < this.sourceStart) this.sourceStart = location.startOffset;
      if (location.endOffset > this.sourceEnd) this.sourceEnd = location.endOffset;
    }
  }

  private clearPending(): void {
    this.space = false;
    this.breaks = 0;
    this.cell = false;
    this.held = '';
  }

  private pushSeparator(text: string): void {
    this.parts.push(text);
    this.length16 += text.length;
  }

  /** Appends text of the block; it may be the first visible one. */
  private push(text: string): void {
    if (!this.visible && VISIBLE.test(text)) this.visible = true;
    this.textLength += text.length;
    if (this.inArticle) this.articleLength += text.length;
    this.parts.push(text);
    this.length16 += text.length;
  }
}

function isAsciiSpace(unit: number): boolean {
  return unit === 32 || unit === 10 || unit === 9 || unit === 12 || unit === 13;
}
