// @ts-check
// Opens a chunk by ID: resolves it (following redirects, or reporting a
// gone chunk), opens its document and selects it.
import { api } from './api.js';
import { showRedirect } from './chunk-panel.js';
import { selectChunk } from './chunk-selection.js';
import { $ } from './dom.js';
import { isDefaultView } from './hash-links.js';
import { clearDocument, openDocument } from './open-document.js';
import { state } from './state.js';
import { setStatus } from './status-line.js';
import { showTab } from './tabs.js';

/** @param {string} id @param {string | null} chunker @param {number} token */
export async function openChunk(id, chunker, token) {
  const here = state.byId.get(id);
  if (here !== undefined && (chunker ? state.doc?.chunker_id === chunker : isDefaultView())) {
    $('chunk-redirect').hidden = true;
    selectChunk(here, { scroll: true });
    showTab('panel-chunk');
    return;
  }
  setStatus(`Resolving ${id}…`);
  const query = chunker ? `?chunker=${encodeURIComponent(chunker)}` : '';
  const { status, body } = await api(
    `/api/chunks/${encodeURIComponent(id)}${query}`,
    undefined,
    [410],
  );
  if (token !== state.route) return;
  if (status === 410) {
    if (body.document) await openDocument(body.document.doc_uid, null, token, { scrollTop: true });
    else clearDocument();
    if (token !== state.route) return;
    showRedirect(body, `This chunk is ${body.status}: the store keeps no live text for it.`);
    setStatus(`${id} is ${body.status}`, 'error');
    return;
  }
  // a bare ID opens the default view when the chunk is in it, which also teaches us the default
  if (!chunker) await openDocument(body.document.doc_uid, null, token);
  if (token !== state.route) return;
  await openDocument(body.document.doc_uid, body.chunker_id, token);
  if (token !== state.route) return;
  const index = state.byId.get(body.chunk_id);
  if (index === undefined)
    throw new Error(`${body.chunk_id} is not among the chunks of ${body.document.doc_uid}`);
  selectChunk(index, { scroll: true });
  // a 'deleted' redirect leads to the nearest surviving chunk, not to the words the ID named:
  // calling it "the live chunk" would pass the neighbour off as their new form
  if (body.text_deleted)
    showRedirect(
      body,
      `The text of this chunk was deleted in a later version; showing its nearest surviving neighbour ${body.chunk_id}.`,
    );
  else if (body.redirected) showRedirect(body, `Redirected to the live chunk ${body.chunk_id}.`);
  else $('chunk-redirect').hidden = true;
  showTab('panel-chunk');
  setStatus('');
}
