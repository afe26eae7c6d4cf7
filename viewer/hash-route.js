// @ts-check
// Shows what the URL fragment names: a chunk or a document. A link that
// fails closes the open document and shows the reason in its place, with a
// link per chunker when the server names the chunkers it could mean.
import { ApiError } from './api.js';
import { $, el } from './dom.js';
import { chunkHash, docHash, readHash } from './hash-links.js';
import { openChunk } from './open-chunk.js';
import { clearDocument, openDocument } from './open-document.js';
import { state } from './state.js';
import { setStatus } from './status-line.js';
import { showTab } from './tabs.js';

export async function route() {
  const token = ++state.route;
  const hash = readHash();
  try {
    if (hash.chunk) await openChunk(hash.chunk, hash.chunker ?? null, token);
    else if (hash.doc)
      await openDocument(hash.doc, hash.chunker ?? null, token, { scrollTop: true });
    else if (!state.doc) showNothingOpen();
  } catch (error) {
    if (token !== state.route) return;
    showRouteError(error, hash);
  }
}

/** @param {unknown} error @param {Record<string, string>} hash the fragment that failed */
function showRouteError(error, hash) {
  clearDocument();
  showTab('panel-chunk');
  const details = error instanceof ApiError ? error.details : {};
  const chunkers = Array.isArray(details.chunkers) ? details.chunkers.map(String) : [];
  const id = typeof details.id === 'string' ? details.id : null;
  const docUid = typeof details.doc_uid === 'string' ? details.doc_uid : null;
  /** @type {{ message: string, lead: string, links: [string, string][] }} */
  let shown;
  if (id && chunkers.length > 1 && hash.chunk) {
    // the server's own wording names a CLI flag; here the choice is a link
    shown = {
      message: `Chunk ${id} exists for several chunkers: pick one`,
      lead: 'Open it as the chunk of:',
      links: chunkers.map((chunker) => [chunker, chunkHash(id, chunker)]),
    };
  } else {
    shown = {
      message: error instanceof Error ? error.message : String(error),
      lead: docUid && chunkers.length > 0 ? 'This document has the chunks of:' : '',
      links: docUid ? chunkers.map((chunker) => [chunker, docHash(docUid, chunker)]) : [],
    };
  }
  const box = $('doc-error');
  box.textContent = '';
  box.append(el('strong', undefined, shown.message));
  if (shown.links.length > 0) {
    box.append(el('div', 'choice-lead', shown.lead));
    const list = el('ul', 'choices');
    for (const [label, href] of shown.links) {
      const link = /** @type {HTMLAnchorElement} */ (el('a', 'id', label));
      link.href = href;
      link.dataset.testid = 'doc-error-choice';
      const item = el('li');
      item.append(link);
      list.append(item);
    }
    box.append(list);
  }
  box.hidden = false;
  setStatus(shown.message, 'error');
}

/** A fragment that names nothing, after a failed one: the page as it first opens. */
function showNothingOpen() {
  if ($('doc-error').hidden) return;
  $('doc-error').hidden = true;
  $('doc-empty').hidden = false;
  $('doc-text').dataset.state = 'empty';
  setStatus('');
}
