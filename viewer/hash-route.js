// @ts-check
// Shows what the URL fragment names: a chunk or a document.
import { $ } from './dom.js';
import { readHash } from './hash-links.js';
import { openChunk } from './open-chunk.js';
import { openDocument } from './open-document.js';
import { state } from './state.js';
import { setStatus } from './status-line.js';

export async function route() {
  const token = ++state.route;
  const hash = readHash();
  try {
    if (hash.chunk) await openChunk(hash.chunk, hash.chunker ?? null, token);
    else if (hash.doc)
      await openDocument(hash.doc, hash.chunker ?? null, token, { scrollTop: true });
  } catch (error) {
    if (token !== state.route) return;
    setStatus(error instanceof Error ? error.message : String(error), 'error');
    $('doc-text').dataset.state = state.doc ? 'ready' : 'error';
  }
}
