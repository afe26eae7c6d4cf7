// @ts-check
// The cairn web viewer: plain ESM, no build step, served under a strict CSP.
// Document text, titles, snippets and every other value from the API reach
// the page only through textContent / text nodes: nothing is ever parsed as
// HTML, so a document holding <script> shows it as the characters it is.
//
// This module only wires the page's controls to the modules that do the work.
import { runAudit, showCitation, showClaim } from './audit-panel.js';
import { describeChunk } from './chunk-panel.js';
import { pickChunk } from './chunk-selection.js';
import { filterDocuments, loadMoreDocuments } from './document-list.js';
import { chunkAt, focusTabStop, markChunk } from './document-text.js';
import { $ } from './dom.js';
import { chunkLinkOfSelected, docHash } from './hash-links.js';
import { route } from './hash-route.js';
import { wirePdfPage } from './pdf-page.js';
import { runSearch } from './search-panel.js';
import { state } from './state.js';
import { setStatus } from './status-line.js';
import { showTab } from './tabs.js';

function wireDocumentText() {
  const text = $('doc-text');
  text.addEventListener('click', (event) => {
    // a drag that selected text to copy is not a click on a chunk
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) return;
    const index = chunkAt(event.target, true);
    if (index >= 0) pickChunk(index);
  });
  text.addEventListener('mouseover', (event) => {
    const index = chunkAt(event.target, false);
    if (index === state.hovered) return;
    markChunk(state.hovered, 'hov', false);
    state.hovered = index;
    markChunk(index, 'hov', true);
    $('hover-info').textContent = index >= 0 ? describeChunk(index) : '';
  });
  // the keyboard's click: Enter (or Space) on the focused chunk selects it and puts it in the URL
  text.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const index = chunkAt(event.target, false);
    if (index < 0) return;
    event.preventDefault();
    pickChunk(index);
  });
  text.addEventListener('mouseleave', () => {
    markChunk(state.hovered, 'hov', false);
    state.hovered = -1;
    $('hover-info').textContent = '';
  });
}

function wireKeys() {
  document.addEventListener('keydown', (event) => {
    if (!state.doc || event.altKey || event.ctrlKey || event.metaKey) return;
    // typing in the search box or the audit text is not navigation
    if (event.target instanceof Element && event.target.closest('input, textarea, select')) return;
    if (event.key === 'j' || event.key === 'k') {
      const step = event.key === 'j' ? 1 : -1;
      const inText = event.target instanceof Element && event.target.closest('#doc-text') !== null;
      pickChunk(Math.min(state.doc.chunks.length - 1, Math.max(0, state.selected + step)), {
        scroll: true,
      });
      if (inText) focusTabStop();
      event.preventDefault();
    }
  });
}

async function copy(/** @type {string} */ value, /** @type {string} */ what) {
  try {
    await navigator.clipboard.writeText(value);
    setStatus(`${what} copied`);
  } catch {
    setStatus(`Copying needs clipboard permission; select the ${what} instead`, 'error');
  }
}

function wireChunkPanel() {
  $('chunk-prev').addEventListener('click', () => pickChunk(state.selected - 1, { scroll: true }));
  $('chunk-next').addEventListener('click', () => pickChunk(state.selected + 1, { scroll: true }));
  $('chunk-copy').addEventListener('click', () =>
    copy($('chunk-id').textContent ?? '', 'chunk ID'),
  );
  $('chunk-copy-link').addEventListener('click', () =>
    copy(`${location.origin}/${chunkLinkOfSelected()}`, 'link'),
  );
  $('chunker-select').addEventListener('change', (event) => {
    const select = /** @type {HTMLSelectElement} */ (event.target);
    if (state.doc) location.hash = docHash(state.doc.document.doc_uid, select.value);
  });
}

function wireSearchAndAudit() {
  $('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const query = /** @type {HTMLInputElement} */ ($('search-input')).value.trim();
    if (query) runSearch(query);
  });
  $('search-hits').addEventListener('click', (event) => {
    // the same hit twice changes no hash, so no hashchange would fire
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (link && link.getAttribute('href') === location.hash) {
      event.preventDefault();
      route();
    }
  });
  $('audit-run').addEventListener('click', () => runAudit());
  $('audit-result').addEventListener('click', (event) => {
    const claim = event.target instanceof Element ? event.target.closest('[data-claim]') : null;
    if (claim instanceof HTMLElement && claim.dataset.testid === 'audit-claim') {
      showClaim(Number(claim.dataset.claim));
      return;
    }
    // a citation's link opens its chunk and marks its quote, which a bare hashchange would not
    const link = event.target instanceof Element ? event.target.closest('a[data-index]') : null;
    if (!(link instanceof HTMLElement)) return;
    event.preventDefault();
    showCitation(Number(link.dataset.index)).catch((e) =>
      setStatus(String(e?.message ?? e), 'error'),
    );
  });
}

function wireNavigation() {
  $('doc-more').addEventListener('click', () =>
    loadMoreDocuments().catch((e) => setStatus(String(e.message ?? e), 'error')),
  );
  $('doc-filter').addEventListener('input', () => filterDocuments());
  for (const tab of document.querySelectorAll('.tabs [role="tab"]')) {
    tab.addEventListener('click', () =>
      showTab(String(/** @type {HTMLElement} */ (tab).dataset.panel)),
    );
  }
  // back and forward between entries that differ only by the fragment fire hashchange too
  window.addEventListener('hashchange', () => route());
}

wireDocumentText();
wireKeys();
wireChunkPanel();
wireSearchAndAudit();
wireNavigation();
wirePdfPage();
loadMoreDocuments().catch((error) =>
  setStatus(`Could not list documents: ${error.message ?? error}`, 'error'),
);
route();
