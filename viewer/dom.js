// @ts-check
// Element lookup and creation. Text goes in through textContent only: the
// viewer never parses a value as HTML.

/** @param {string} id @returns {HTMLElement} */
export function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`viewer: #${id} is missing from index.html`);
  return el;
}

/**
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Scrolls `pane` alone so `element` shows in it: centred (its top at the
 * pane's top when taller), or just inside when `nearest`. Unlike scrollIntoView it leaves the window where it is,
 * which matters in the narrow layout, where the page itself scrolls.
 * @param {HTMLElement} pane
 * @param {Element} element
 * @param {'center' | 'nearest'} block
 */
export function scrollWithin(pane, element, block) {
  const view = pane.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  if (block === 'center') {
    pane.scrollTop += box.top - view.top - Math.max(0, (view.height - box.height) / 2);
  } else if (box.top < view.top) {
    pane.scrollTop += box.top - view.top;
  } else if (box.bottom > view.bottom) {
    pane.scrollTop += box.bottom - view.bottom;
  }
}
