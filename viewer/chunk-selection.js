// @ts-check
// Which chunk of the open document is selected: its spans marked, its
// details shown, and (when a reader picks it) its link in the URL.
import { showChunkDetails } from './chunk-panel.js';
import { markChunk, setTabStop } from './document-text.js';
import { $, scrollWithin } from './dom.js';
import { chunkLink } from './hash-links.js';
import { showPdfPage } from './pdf-page.js';
import { state } from './state.js';
import { showTab } from './tabs.js';

/**
 * @param {number} index into state.doc.chunks, -1 for none
 * @param {{ scroll?: boolean }} [options]
 */
export function selectChunk(index, options = {}) {
  markChunk(state.selected, 'sel', false);
  state.selected = index;
  markChunk(index, 'sel', true);
  setTabStop(index);
  showChunkDetails(index);
  showPdfPage(index);
  const layout = state.layout;
  if (options.scroll && layout && index >= 0 && layout.first[index] >= 0) {
    scrollWithin($('doc-scroll'), layout.elements[layout.first[index]], 'center');
  }
}

/**
 * Selects a chunk of the open document and records it in the URL (a history entry, no reload).
 * @param {number} index
 * @param {{ scroll?: boolean }} [options]
 */
export function pickChunk(index, options = {}) {
  const chunk = state.doc?.chunks[index];
  if (!chunk) return;
  $('chunk-redirect').hidden = true;
  selectChunk(index, options);
  if (location.hash !== chunkLink(chunk)) history.pushState(null, '', chunkLink(chunk));
  showTab('panel-chunk');
}
