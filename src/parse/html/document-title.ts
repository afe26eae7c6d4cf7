import type { DefaultTreeAdapterTypes } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * The text of the first `<title>` in `<head>`, white space collapsed; null
 * when there is none or it is blank (the first heading then names the
 * document).
 */
export function documentTitle(document: DefaultTreeAdapterTypes.Document): string | null {
  const html = childElement(document, 'html');
  const head = html && childElement(html, 'head');
  const title = head && childElement(head, 'title');
  if (!title) return null;
  let text = '';
  for (const child of title.childNodes) if ('value' in child) text += child.value;
  // the same normalisation as section titles: a title is a label, not a span
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed === '' ? null : collapsed;
}

/**
 * The `href` of the first `<link rel="canonical">` in `<head>` when it is
 * an absolute http(s) URL; null otherwise (a relative one has no base a
 * local file can supply).
 */
export function canonicalLink(document: DefaultTreeAdapterTypes.Document): string | null {
  const html = childElement(document, 'html');
  const head = html && childElement(html, 'head');
  if (!head) return null;
  for (const child of head.childNodes) {
    if (!('tagName' in child) || child.tagName !== 'link') continue;
    const attr = (name: string): string | undefined =>
      child.attrs.find((a) => a.name === name)?.value;
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('canonical')) continue;
    const href = (attr('href') ?? '').trim();
    if (!/^https?:\/\//i.test(href)) return null;
    try {
      return new URL(href).toString();
    } catch {
      return null;
    }
  }
  return null;
}

function childElement(parent: ParentNode, tag: string): Element | null {
  for (const child of parent.childNodes) {
    if ('tagName' in child && child.tagName === tag) return child;
  }
  return null;
}
