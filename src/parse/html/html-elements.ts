import type { DefaultTreeAdapterTypes } from 'parse5';

type Element = DefaultTreeAdapterTypes.Element;

/**
 * Elements whose content is never part of the visible text layer: metadata,
 * scripts, raw-text containers (parse5 keeps `noscript` and `iframe` content
 * as raw text), replaced or embedded content whose children are only
 * fallback, form controls whose text is UI chrome, and SVG (icon titles and
 * descriptions are tooltips, not prose). MathML annotations are hidden by
 * the MathML user-agent stylesheet; a formula with a TeX annotation is read
 * as that TeX instead of its MathML (`mathText`).
 */
const SKIPPED = new Set([
  'head',
  'title',
  'script',
  'style',
  'template',
  'noscript',
  'meta',
  'link',
  'base',
  'iframe',
  'frame',
  'frameset',
  'noframes',
  'noembed',
  'embed',
  'video',
  'audio',
  'canvas',
  'svg',
  'select',
  'datalist',
  'input',
  'img',
  'picture',
  'map',
  'area',
  'param',
  'source',
  'track',
  'rp',
  'annotation',
  'annotation-xml',
]);

/** `display: block` and its kin in the HTML user-agent stylesheet: they end the text run before them. */
const BLOCK_LEVEL = new Set([
  'html',
  'body',
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'optgroup',
  'option',
  'p',
  'plaintext',
  'pre',
  'search',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'xmp',
]);

export const LIST_CONTAINERS: ReadonlySet<string> = new Set(['ul', 'ol', 'dl', 'menu', 'dir']);
export const LIST_ITEMS: ReadonlySet<string> = new Set(['li', 'dt', 'dd']);
/** Elements whose text keeps its white space (`white-space: pre` in the user-agent stylesheet). */
export const CODE_ELEMENTS: ReadonlySet<string> = new Set(['pre', 'listing', 'xmp', 'plaintext']);

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** `display: none` or `visibility: hidden` in an inline style, the ways pages hide text without `hidden`. */
const HIDING_STYLE =
  /(?:^|[;\s])(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))(?![\w-])/i;

export function headingLevel(element: Element): number {
  return HEADING_LEVEL[element.tagName] ?? 0;
}

export function isBlockLevel(element: Element): boolean {
  return BLOCK_LEVEL.has(element.tagName);
}

/** Whether an element and everything under it stays out of the visible text layer. */
export function isHidden(element: Element): boolean {
  const tag = element.tagName;
  if (SKIPPED.has(tag)) return true;
  // pages hide the whole body until their scripts run; a snapshot of that is still the page
  if (tag === 'body' || tag === 'html') return false;
  const attrs = element.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const { name, value } = attrs[i]!;
    if (name === 'hidden') return true;
    if (name === 'aria-hidden' && value.trim().toLowerCase() === 'true') return true;
    if (name === 'style' && HIDING_STYLE.test(value)) return true;
  }
  // a dialog is only rendered while open
  return tag === 'dialog' && !hasAttribute(element, 'open');
}

/** Hidden by what the element is (a script, an image, SVG), not by an attribute or style a page set. */
export function isSkippedTag(element: Element): boolean {
  return SKIPPED.has(element.tagName);
}

export function attribute(element: Element, name: string): string | undefined {
  const attrs = element.attrs;
  for (let i = 0; i < attrs.length; i++) if (attrs[i]!.name === name) return attrs[i]!.value;
  return undefined;
}

function hasAttribute(element: Element, name: string): boolean {
  return attribute(element, name) !== undefined;
}

/** `<math display="block">`: a formula on its own line; inline math stays in its sentence. */
export function isDisplayMath(element: Element): boolean {
  return element.tagName === 'math' && attribute(element, 'display')?.toLowerCase() === 'block';
}

const LANGUAGE_CLASS = /(?:^|\s)lang(?:uage)?-([\w+#.-]+)/;

/**
 * The language of a code block, from the `language-x` / `lang-x` class that
 * highlighters (Prism, highlight.js) and Markdown renderers put on `<pre>` or
 * on its `<code>`.
 */
export function codeLanguage(pre: Element): string | undefined {
  const own = LANGUAGE_CLASS.exec(attribute(pre, 'class') ?? '');
  if (own) return own[1];
  for (const child of pre.childNodes) {
    if ('tagName' in child && child.tagName === 'code') {
      return LANGUAGE_CLASS.exec(attribute(child, 'class') ?? '')?.[1];
    }
  }
  return undefined;
}
