// @ts-check
// The sidebar's list of documents, fetched a page at a time, with the open one marked.
import { api } from './api.js';
import { $, el, scrollWithin } from './dom.js';
import { docHash } from './hash-links.js';
import { appendVisible } from './invisible-chars.js';
import { state } from './state.js';

/** @typedef {import('./api.js').DocSummary} DocSummary */

const LIST_PAGE = 200;

export async function loadMoreDocuments() {
  if (state.nextOffset === null) return;
  const { body } = await api(`/api/documents?limit=${LIST_PAGE}&offset=${state.nextOffset}`);
  const list = $('doc-list');
  for (const doc of /** @type {DocSummary[]} */ (body.items)) {
    state.docs.set(doc.doc_uid, doc);
    const item = el('li');
    const link = /** @type {HTMLAnchorElement} */ (el('a', 'doc-item'));
    link.href = docHash(doc.doc_uid);
    link.dataset.testid = 'doc-item';
    link.dataset.docUid = doc.doc_uid;
    const title = el('span', 'doc-item-title');
    appendVisible(title, doc.title || doc.source_url);
    const source = el('span', 'doc-item-source');
    appendVisible(source, doc.source_url);
    link.append(title, source);
    item.append(link);
    list.append(item);
  }
  // an empty store: say so, rather than an empty list the page asks to pick from
  $('doc-none').hidden = list.children.length > 0;
  state.nextOffset = body.next_offset;
  $('doc-more').hidden = state.nextOffset === null;
  $('doc-list').dataset.state = 'ready';
  filterDocuments();
  markCurrentDocument();
}

/**
 * Shows the loaded documents whose title or path holds every word of the
 * filter box, case and accents aside; the rest are hidden, not dropped, so
 * clearing the box brings them back and later pages are filtered as they come.
 */
export function filterDocuments() {
  const words = fold(/** @type {HTMLInputElement} */ ($('doc-filter')).value)
    .split(/\s+/)
    .filter(Boolean);
  let shown = 0;
  for (const link of document.querySelectorAll('#doc-list .doc-item')) {
    if (!(link instanceof HTMLElement) || !link.parentElement) continue;
    const doc = state.docs.get(String(link.dataset.docUid));
    const haystack = fold(`${doc?.title ?? ''} ${doc?.source_url ?? ''}`);
    const match = words.every((word) => haystack.includes(word));
    link.parentElement.hidden = !match;
    if (match) shown++;
  }
  const list = $('doc-list');
  $('doc-filter-none').hidden = words.length === 0 || shown > 0 || list.children.length === 0;
  list.dataset.shown = String(shown);
}

/** @param {string} text */
const fold = (text) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export function markCurrentDocument() {
  for (const link of document.querySelectorAll('#doc-list .doc-item')) {
    const current =
      link instanceof HTMLElement && link.dataset.docUid === state.doc?.document.doc_uid;
    link.classList.toggle('current', current);
    if (current) {
      link.setAttribute('aria-current', 'page');
      scrollWithin($('doc-nav'), link, 'nearest');
    } else link.removeAttribute('aria-current');
  }
}
