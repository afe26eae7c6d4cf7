import { parseFragment } from 'parse5';

/** Elements that show nothing when empty: link targets and wrappers. */
const EMPTY_WRAPPERS = new Set(['a', 'span', 'div']);

interface Fragment {
  nodeName: string;
  value?: string;
  childNodes?: Fragment[];
  content?: Fragment;
}

/**
 * Whether a Markdown block is raw HTML that a reader never sees: comments
 * (`<!-- Old headings. Do not remove -->`) and empty link targets
 * (`<a id="..."></a>`) with nothing but whitespace between. Such a block
 * names or annotates the text after it, and a chunk of it alone would hold
 * no words to find or cite. An image, any text or any other element is visible.
 */
export function isInvisibleMarkup(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<')) return false;
  return (parseFragment(trimmed).childNodes as Fragment[]).every(isInvisible);
}

function isInvisible(node: Fragment): boolean {
  if (node.nodeName === '#comment') return true;
  if (node.nodeName === '#text') return (node.value ?? '').trim() === '';
  if (!EMPTY_WRAPPERS.has(node.nodeName)) return false;
  return (node.childNodes ?? []).every(isInvisible);
}
