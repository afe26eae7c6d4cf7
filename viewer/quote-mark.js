// @ts-check
// Marks a located quote inside the open document's text: the words an
// answer's citation relies on, inside the highlighted span of its chunk.
import { el } from './dom.js';
import { state } from './state.js';

/** UTF-16 index of code point `cp` in `text`, counting from UTF-16 index `from` at code point `fromCp`. */
/** @param {string} text @param {number} cp @param {number} [from] @param {number} [fromCp] */
function toUtf16(text, cp, from = 0, fromCp = 0) {
  let i = from;
  for (let n = fromCp; n < cp && i < text.length; n++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    i += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return i;
}

/** Removes every quote mark, leaving the text as it was drawn. */
export function clearQuoteMarks() {
  for (const mark of document.querySelectorAll('#doc-text mark.quote')) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parent.normalize();
  }
}

/**
 * Wraps the text of each span, half-open code points of the open
 * document's canonical text, in `<mark class="quote">`: split at text node
 * boundaries, so the text, its segments and their labelled invisible
 * characters stay as they were (the text's textContent is unchanged).
 * Returns the marks, first to last. `closest`: the spans are the passage
 * closest to a quote that was not found, marked apart from a found quote.
 * @param {{ start: number, end: number }[]} spans
 * @param {{ closest?: boolean }} [options]
 * @returns {HTMLElement[]}
 */
export function markQuote(spans, options = {}) {
  clearQuoteMarks();
  const layout = state.layout;
  const text = state.doc?.text;
  if (!layout || text === undefined) return [];
  /** @type {HTMLElement[]} */
  const marks = [];
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let at16 = 0;
  let atCp = 0;
  for (const span of sorted) {
    const start16 = toUtf16(text, span.start, at16, atCp);
    const end16 = toUtf16(text, span.end, start16, span.start);
    [at16, atCp] = [end16, span.end];
    if (end16 <= start16) continue;
    for (const [k, segment] of layout.segments.entries()) {
      if (segment.end16 <= start16 || segment.start16 >= end16) continue;
      const wrapped = wrapRange(layout.elements[k], segment.start16, start16, end16);
      if (options.closest) for (const mark of wrapped) mark.classList.add('closest');
      marks.push(...wrapped);
    }
  }
  return marks;
}

/**
 * Wraps the part of `root`'s text nodes in [start16, end16), the root's
 * text beginning at `base16`.
 * @param {HTMLElement} root @param {number} base16 @param {number} start16 @param {number} end16
 */
function wrapRange(root, base16, start16, end16) {
  /** @type {Text[]} */
  const nodes = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    nodes.push(/** @type {Text} */ (node));
  /** @type {HTMLElement[]} */
  const marks = [];
  let pos = base16;
  for (const node of nodes) {
    const from = pos;
    const to = pos + node.data.length;
    pos = to;
    if (to <= start16 || from >= end16) continue;
    let target = node;
    const cutStart = Math.max(start16, from) - from;
    if (cutStart > 0) target = target.splitText(cutStart);
    const keep = Math.min(end16, to) - Math.max(start16, from);
    if (keep < target.data.length) target.splitText(keep);
    const mark = el('mark', 'quote');
    mark.dataset.testid = 'quote-mark';
    target.parentNode?.insertBefore(mark, target);
    mark.append(target);
    marks.push(mark);
  }
  return marks;
}
