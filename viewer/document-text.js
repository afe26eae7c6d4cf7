// @ts-check
// The open document's text as one span per segment: drawn once, then a
// chunk's spans marked and a span mapped back to the chunk it shows.
import { el } from './dom.js';
import { appendVisible } from './invisible-chars.js';
import { state } from './state.js';

/**
 * @typedef {import('./api.js').Chunk} Chunk
 * @typedef {import('./text-pieces.js').Layout} Layout
 */

/**
 * One span per segment. Colours alternate by chunk seq (three of them, so
 * neighbours always differ); a segment under two chunks is hatched.
 * @param {string} text
 * @param {Chunk[]} chunks
 * @param {Layout} layout
 */
export function renderSegments(text, chunks, layout) {
  const fragment = document.createDocumentFragment();
  layout.elements = layout.segments.map((segment, index) => {
    const span = el('span', 'seg');
    span.dataset.seg = String(index);
    const [top] = segment.cover;
    if (segment.furniture) span.classList.add('furniture');
    if (top === undefined) span.classList.add('gap');
    else {
      span.classList.add(`c${chunks[top].seq % 3}`);
      if (segment.cover.length > 1) span.classList.add('ov');
      for (const i of segment.cover) {
        if (layout.first[i] === index) {
          span.classList.add('start');
          span.dataset.chunkStart = String(i);
          // a later part of a split table: its header row drawn above it (CSS ::before), in
          // no text node, so the text stays the canonical text that offsets and quotes count
          const header = chunks[i].table_header;
          if (header) span.dataset.tableHeader = header;
        }
      }
    }
    appendVisible(span, text.slice(segment.start16, segment.end16));
    fragment.append(span);
    return span;
  });
  return fragment;
}

/** @param {number} index @param {string} className @param {boolean} on */
export function markChunk(index, className, on) {
  const layout = state.layout;
  if (!layout || index < 0 || layout.first[index] < 0) return;
  for (let k = layout.first[index]; k <= layout.last[index]; k++)
    layout.elements[k].classList.toggle(className, on);
}

/** The one span of the text that Tab reaches. */
let tabStop = /** @type {HTMLElement | null} */ (null);

/**
 * Makes the first span of a chunk (the selected one; with none, the first
 * chunk) the text's only tab stop, so the keyboard reaches the text there.
 * @param {number} index into state.doc.chunks, -1 for none
 */
export function setTabStop(index) {
  const layout = state.layout;
  const first = layout?.first[Math.max(index, 0)];
  const next = layout && first !== undefined && first >= 0 ? layout.elements[first] : null;
  // taking tabindex off the focused span would drop the focus to the page
  if (next === tabStop) return;
  tabStop?.removeAttribute('tabindex');
  tabStop = next;
  if (tabStop) tabStop.tabIndex = 0;
}

/** Moves the keyboard focus to the tab stop (after j or k, when the focus was in the text). */
export function focusTabStop() {
  tabStop?.focus({ preventScroll: true });
}

/** The chunk a click or hover on this segment means: the selected one if it covers it, else the first. */
export function chunkAt(/** @type {EventTarget | null} */ target, /** @type {boolean} */ cycle) {
  const span = target instanceof Element ? target.closest('.seg') : null;
  if (!(span instanceof HTMLElement) || !state.layout) return -1;
  const segment = state.layout.segments[Number(span.dataset.seg)];
  if (!segment || segment.cover.length === 0) return -1;
  const at = segment.cover.indexOf(state.selected);
  if (at === -1) return segment.cover[0];
  return cycle ? segment.cover[(at + 1) % segment.cover.length] : segment.cover[at];
}
