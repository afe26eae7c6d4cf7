// @ts-check
// Opens a document: fetches it (unless it is already shown) and draws its
// heading, chunker choice and text.
import { api } from './api.js';
import { showChunkDetails } from './chunk-panel.js';
import { selectChunk } from './chunk-selection.js';
import { markCurrentDocument } from './document-list.js';
import { renderSegments, setTabStop } from './document-text.js';
import { $, el } from './dom.js';
import { isDefaultView } from './hash-links.js';
import { appendVisible } from './invisible-chars.js';
import { state } from './state.js';
import { setStatus } from './status-line.js';
import { layOut } from './text-pieces.js';

/** @typedef {import('./api.js').DocView} DocView */

/**
 * @param {string} target doc_uid or source_url
 * @param {string | null} chunker
 * @param {number} token
 * @param {{ scrollTop?: boolean }} [options]
 */
export async function openDocument(target, chunker, token, options = {}) {
  const loaded = state.doc;
  if (
    loaded &&
    (loaded.document.doc_uid === target || loaded.document.source_url === target) &&
    (chunker === null ? isDefaultView() : loaded.chunker_id === chunker)
  ) {
    if (options.scrollTop) {
      selectChunk(-1);
      $('doc-scroll').scrollTop = 0;
    }
    return;
  }
  setStatus(`Loading ${target}…`);
  $('doc-text').dataset.state = 'loading';
  const query = chunker ? `?chunker=${encodeURIComponent(chunker)}` : '';
  const { body } = await api(`/api/documents/${encodeURIComponent(target)}${query}`);
  if (token !== state.route) return;
  if (!chunker) state.defaultChunker.set(body.document.doc_uid, body.chunker_id);
  showDocument(/** @type {DocView} */ (body));
  setStatus('');
}

/** @param {DocView} doc */
function showDocument(doc) {
  state.doc = doc;
  state.selected = -1;
  state.hovered = -1;
  state.byId = new Map(doc.chunks.map((chunk, i) => [chunk.chunk_id, i]));
  showChunkDetails(-1);
  $('chunk-redirect').hidden = true;

  $('doc-empty').hidden = true;
  $('doc-error').hidden = true;
  $('doc-head').hidden = false;
  const title = $('doc-title');
  title.textContent = '';
  appendVisible(title, doc.document.title || doc.document.source_url);
  const meta = $('doc-meta');
  meta.textContent = '';
  appendVisible(
    meta,
    `${doc.document.source_url} · ${doc.document.format} · version ${doc.version.seq} (rev ${doc.version.rev.slice(0, 8)}) · ${doc.version.length.toLocaleString('en')} characters · ${doc.chunks.length.toLocaleString('en')} chunks`,
  );
  const select = /** @type {HTMLSelectElement} */ ($('chunker-select'));
  select.textContent = '';
  for (const id of doc.chunkers) {
    const option = /** @type {HTMLOptionElement} */ (el('option', undefined, id));
    option.value = id;
    option.selected = id === doc.chunker_id;
    select.append(option);
  }
  $('chunker-label').hidden = doc.chunkers.length < 2;

  const started = performance.now();
  const layout = layOut(doc.text, doc.chunks, doc.furniture ?? []);
  const container = $('doc-text');
  container.textContent = '';
  container.append(renderSegments(doc.text, doc.chunks, layout));
  state.layout = layout;
  setTabStop(-1);
  container.dataset.docUid = doc.document.doc_uid;
  container.dataset.chunker = doc.chunker_id ?? '';
  container.dataset.renderMs = String(Math.round(performance.now() - started));
  container.dataset.state = 'ready';
  $('doc-scroll').scrollTop = 0;
  markCurrentDocument();
}

/**
 * Closes the open document, so a failed link leaves nothing of the one
 * before on screen: its text, heading, selected chunk and any notice.
 */
export function clearDocument() {
  state.doc = null;
  state.layout = null;
  state.selected = -1;
  state.hovered = -1;
  state.byId = new Map();
  showChunkDetails(-1);
  $('chunk-redirect').hidden = true;
  $('doc-head').hidden = true;
  $('doc-empty').hidden = true;
  $('hover-info').textContent = '';
  const container = $('doc-text');
  container.textContent = '';
  delete container.dataset.docUid;
  delete container.dataset.chunker;
  container.dataset.state = 'error';
  markCurrentDocument();
}
