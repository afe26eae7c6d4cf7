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
  const elements: Element[] = [];
  const numbers = new Map<Element, number>();
  const adapter: typeof defaultTreeAdapter = {
    ...defaultTreeAdapter,
    getChildNodes: (node: ParentNode): ChildNode[] =>
      node.childNodes.filter((child) => !('tagName' in child) || !dropped(child)),
    // the serialiser writes U+00A0 as `&nbsp;`, and linkedom makes a text node of each entity:
    // 300,000 of them in a row took Readability 30 s. U+2007 is white space to its regexes too.
    getTextNodeContent: (node: TextNode): string => node.value.replaceAll('\u00a0', '\u2007'),
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
    const dom = parseHTML(html).document;
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
    kept = keptElements(article.content as unknown as LinkedNode, elements);
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

/**
 * The parse5 elements whose own text Readability kept. Text that Readability
 * moved into an element of its own (loose text wrapped in a new `<p>`) is
 * credited to the nearest numbered ancestor, which is where it was.
 */
function keptElements(root: LinkedNode, elements: Element[]): Set<Element> {
  const kept = new Set<Element>();
  // explicit stack: articles nest deeply, and recursion could overflow the V8 stack
  const stack: Array<{ node: LinkedNode; owner: Element | null }> = [{ node: root, owner: null }];
  while (stack.length > 0) {
    const { node, owner } = stack.pop()!;
    if (node.nodeType === 3) {
      if (owner !== null && /\S/.test(node.nodeValue ?? '')) kept.add(owner);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const mark = node.getAttribute?.(MARK);
    const own = mark == null ? owner : (elements[Number(mark)] ?? owner);
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, owner: own });
  }
  return kept;
}
