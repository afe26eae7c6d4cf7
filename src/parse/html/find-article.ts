import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { type DefaultTreeAdapterTypes, defaultTreeAdapter, serialize } from 'parse5';
import { isHidden } from './html-elements.js';

type Document = DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type TextNode = DefaultTreeAdapterTypes.TextNode;

/** The attribute that carries each parse5 element's number through Readability and back. */
const MARK = 'data-cairn-el';

/** Readability's default `charThreshold`: the article length it first aims for. */
const MIN_ARTICLE_CHARS = 500;

/** What Readability kept of a page: its title, and whether a parse5 text node is in the article. */
export interface ArticleText {
  /** Readability's article title (it drops the heading that repeats it from the content). */
  title: string | null;
  isArticle(text: TextNode): boolean;
}

/**
 * Mozilla's Readability (Firefox Reader View) decides which parts of a page
 * are the article. It runs on a linkedom document built from the parse5
 * tree serialised with a number on every element, so each text node it keeps
 * maps back to the parse5 element whose text it is, and so to the source
 * positions the text layer already has. Hidden content (scripts, styles,
 * `display: none`) is left out of that copy: the text layer never shows it,
 * and Readability would only spend time on it.
 *
 * Null when Readability finds no article, one shorter than its own
 * threshold of 500 characters, or fails on the page: the caller
 * then keeps every block (a page is never lost to furniture detection).
 */
export function findArticle(document: Document): ArticleText | null {
  // Readability recurses and rescans: a page nested or sized like no article keeps every block
  if (!withinReadabilityBounds(document)) return null;
  const elements: Element[] = [];
  const numbers = new Map<Element, number>();
  const adapter: typeof defaultTreeAdapter = {
    ...defaultTreeAdapter,
    getChildNodes: (node: ParentNode): ChildNode[] =>
      node.childNodes.filter((child) => !('tagName' in child) || !dropped(child)),
    // the serialiser writes U+00A0 as `&nbsp;`, and linkedom makes a text node of each entity:
    // 300,000 of them in a row took Readability 30 s. U+2007 is white space to its regexes too.
    getTextNodeContent: serialisedText,
    getAttrList: (element: Element) => {
      let n = numbers.get(element);
      if (n === undefined) {
        n = elements.length;
        elements.push(element);
        numbers.set(element, n);
      }
      return [...element.attrs, { name: MARK, value: String(n) }];
    },
  };
  let kept: Set<Element>;
  let title: string | null;
  try {
    const html = serialize(document, { treeAdapter: adapter });
    const dom = parseHTML(html).document as unknown as LinkedNode;
    // Readability moves text nodes, never copies them, but it drops and replaces the elements
    // around them (a `<div>` of text becomes a new `<p>`): each text node is tied to its
    // parse5 parent before it runs
    const owners = textOwners(dom, elements);
    // the article comes back as its DOM element: no HTML string to build and parse again
    const article = new Readability(
      dom as unknown as ConstructorParameters<typeof Readability>[0],
      {
        serializer: (node) => node,
      },
    ).parse();
    // under Readability's own threshold its pick is a guess (it returns its best try anyway)
    if (article === null || !article.content || (article.length ?? 0) < MIN_ARTICLE_CHARS)
      return null;
    kept = keptElements(article.content as unknown as LinkedNode, owners, elements);
    title = article.title ?? null;
  } catch {
    // Readability is a heuristic over any markup: if it throws, the page is kept whole
    return null;
  }
  if (kept.size === 0) return null;
  return {
    title,
    isArticle: (text) => {
      const parent = text.parentNode;
      return parent !== null && 'tagName' in parent && kept.has(parent);
    },
  };
}

/** Past these, Readability's recursion and rescans take unbounded time (100,000 nested divs hung). */
const MAX_ELEMENTS = 60_000;
const MAX_DEPTH = 400;

/** The page's elements and nesting under both bounds, walked without recursion. */
function withinReadabilityBounds(document: Document): boolean {
  let count = 0;
  const stack: { node: ParentNode; depth: number }[] = [{ node: document, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      count++;
      if (count > MAX_ELEMENTS || depth + 1 > MAX_DEPTH) return false;
      stack.push({ node: child, depth: depth + 1 });
    }
  }
  return true;
}

/** Elements whose subtree stays out of Readability's copy; `<title>` and `<meta>` name the article. */
function dropped(element: Element): boolean {
  const tag = element.tagName;
  if (tag === 'head' || tag === 'title' || tag === 'meta') return false;
  return isHidden(element);
}

/** The part of a DOM node that the walk over Readability's result reads. */
interface LinkedNode {
  nodeType: number;
  nodeValue: string | null;
  childNodes: ArrayLike<LinkedNode>;
  getAttribute?(name: string): string | null;
}

/** Every text node of the linkedom copy, with the parse5 element it is the text of. */
function textOwners(root: LinkedNode, elements: Element[]): Map<LinkedNode, Element> {
  const owners = new Map<LinkedNode, Element>();
  walk(
    root,
    null,
    (text, owner) => {
      if (owner !== null) owners.set(text, owner);
    },
    (node, owner) => {
      const mark = node.getAttribute?.(MARK);
      return mark == null ? owner : (elements[Number(mark)] ?? owner);
    },
  );
  return owners;
}

/** The parse5 elements whose text nodes are in Readability's article. */
function keptElements(
  root: LinkedNode,
  owners: Map<LinkedNode, Element>,
  elements: Element[],
): Set<Element> {
  const kept = new Set<Element>();
  const textsUnder = new Map<Element, TextNode[]>();
  walk(
    root,
    null,
    (text, marked) => {
      const value = text.nodeValue ?? '';
      if (!/\S/.test(value)) return;
      const owner = owners.get(text);
      if (owner !== undefined) {
        kept.add(owner);
        return;
      }
      // Readability parsed the page again for a second try (`innerHTML` of its cached copy):
      // new text nodes, whose place is found by their text under their nearest numbered element
      if (marked === null) return;
      let texts = textsUnder.get(marked);
      if (texts === undefined) {
        texts = parse5Texts(marked);
        textsUnder.set(marked, texts);
      }
      for (const candidate of texts) {
        const parent = candidate.parentNode;
        if (parent && 'tagName' in parent && serialisedText(candidate).includes(value))
          kept.add(parent);
      }
    },
    (node, owner) => {
      const mark = node.getAttribute?.(MARK);
      return mark == null ? owner : (elements[Number(mark)] ?? owner);
    },
  );
  return kept;
}

/** The text as Readability's copy holds it (see the serialiser's `getTextNodeContent`). */
function serialisedText(text: TextNode): string {
  return text.value.replaceAll('\u00a0', '\u2007');
}

/** The text nodes below a parse5 element, in no particular order. */
function parse5Texts(element: Element): TextNode[] {
  const texts: TextNode[] = [];
  const stack: ChildNode[] = [...element.childNodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') texts.push(node as TextNode);
    else if ('childNodes' in node) for (const child of node.childNodes) stack.push(child);
  }
  return texts;
}

/** Visits the text nodes under `root` with the owner `enter` passes down from their ancestors. */
function walk(
  root: LinkedNode,
  owner: Element | null,
  onText: (text: LinkedNode, owner: Element | null) => void,
  enter: (element: LinkedNode, owner: Element | null) => Element | null,
): void {
  // explicit stack: pages nest thousands of elements deep, and recursion would overflow
  const stack: Array<{ node: LinkedNode; owner: Element | null }> = [{ node: root, owner }];
  while (stack.length > 0) {
    const top = stack.pop()!;
    const { node } = top;
    if (node.nodeType === 3) {
      onText(node, top.owner);
      continue;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9) continue;
    const own = node.nodeType === 1 ? enter(node, top.owner) : top.owner;
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, owner: own });
  }
}
