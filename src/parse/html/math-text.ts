import type { DefaultTreeAdapterTypes } from 'parse5';
import { attribute } from './html-elements.js';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/** The encodings MathML writers give a formula's TeX source in (MathML 3, section 5.1.3). */
const TEX_ENCODING = /^(?:application\/x-(?:la)?tex|text\/x-(?:la)?tex|(?:la)?tex)$/i;

/** A formula wrapped whole in `{\displaystyle ...}` (Wikipedia's TeX): the style says nothing a reader reads. */
const STYLE_WRAPPER = /^\{\s*\\(?:displaystyle|textstyle)(?![a-zA-Z])\s*([\s\S]*)\}$/;

/** Elements searched at most for the annotation: real formulas hold a few hundred. */
const MAX_ELEMENTS = 100_000;

/**
 * The text a `<math>` element reads as: its TeX annotation
 * (`<annotation encoding="application/x-tex">`), else its `alttext`, with
 * white space runs collapsed and a whole-formula `\displaystyle` wrapper
 * taken off; null when it has neither, and its MathML tokens are the text.
 */
export function mathText(math: Element): string | null {
  const tex = texAnnotation(math) ?? attribute(math, 'alttext') ?? null;
  if (tex === null) return null;
  const collapsed = tex.replace(/\s+/g, ' ').trim();
  if (collapsed === '') return null;
  const wrapped = STYLE_WRAPPER.exec(collapsed);
  return wrapped && isBalanced(wrapped[1]!) ? wrapped[1]!.trim() : collapsed;
}

/**
 * The `<math>` elements under a hidden element, in document order, not
 * looking inside one found. Pages hide MathML to show a picture of the same
 * formula (Wikipedia's fallback image, whose alt is the same TeX), so the
 * formula's text is still what the reader sees.
 */
export function mathUnder(element: Element): Element[] {
  const found: Element[] = [];
  const stack: ChildNode[] = [...element.childNodes].reverse();
  for (let seen = 0; stack.length > 0 && seen < MAX_ELEMENTS; seen++) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    if (node.tagName === 'math') found.push(node);
    else for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  return found;
}

/** The text of the first TeX annotation under `math`, if any. */
function texAnnotation(math: Element): string | null {
  const stack: ChildNode[] = [...math.childNodes].reverse();
  for (let seen = 0; stack.length > 0 && seen < MAX_ELEMENTS; seen++) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    if (node.tagName === 'annotation' && TEX_ENCODING.test(attribute(node, 'encoding') ?? '')) {
      return node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  return null;
}

/** Whether `{` and `}` (not escaped as `\{`, `\}`) pair up, so the wrapper's braces are its own. */
function isBalanced(tex: string): boolean {
  let depth = 0;
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}
