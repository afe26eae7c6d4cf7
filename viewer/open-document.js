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
import { resetPdfPage } from './pdf-page.js';
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

/**
 * Each chunk's section id and heading path, built from the sections it
 * names by sect_path: the server sends each section's own parts once
 * (its title, its slug or whole id) rather than whole paths per chunk.
 * @param {DocView} doc
 */
function fillChunkSections(doc) {
  /** @type {Map<string, import('./api.js').DocSection>} */
  const bySectPath = new Map(doc.sections.map((s) => [s.sect_path, s]));
  /** @type {Map<string, { id: string, heading_path: string[] } | null>} */
  const resolved = new Map();
  /** @param {string} path @returns {{ id: string, heading_path: string[] } | null} */
  const resolve = (path) => {
    const known = resolved.get(path);
    if (known !== undefined) return known;
    const section = bySectPath.get(path);
    const dot = path.lastIndexOf('.');
    const parent = dot === -1 ? null : resolve(path.slice(0, dot));
    const out = section
      ? {
          id:
            section.section_key ?? (parent ? `${parent.id}/${section.slug}` : String(section.slug)),
          heading_path: section.heading_path ?? [...(parent?.heading_path ?? []), section.title],
        }
      : null;
    resolved.set(path, out);
    return out;
  };
  for (const chunk of doc.chunks) {
    if (chunk.sect_path === null) {
      chunk.heading_path = [];
      continue;
    }
    const section = resolve(chunk.sect_path);
    chunk.section_id = section?.id ?? chunk.sect_path;
    chunk.heading_path = section?.heading_path ?? [];
  }
}

/** @param {DocView} doc */
function showDocument(doc) {
  fillChunkSections(doc);
  state.doc = doc;
  state.selected = -1;
  state.hovered = -1;
  state.byId = new Map(doc.chunks.map((chunk, i) => [chunk.chunk_id, i]));
  showChunkDetails(-1);
  resetPdfPage();
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
  resetPdfPage();
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
