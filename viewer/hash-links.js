// @ts-check
// The URL fragments the viewer navigates by: `#doc=<doc_uid>[&chunker=<id>]`
// and `#chunk=<chunk id>[&chunker=<id>]`, read and written.
import { state } from './state.js';

/** @typedef {import('./api.js').Chunk} Chunk */

/**
 * `#doc=<doc_uid>[&chunker=<id>]` or `#chunk=<chunk id>`; values may be
 * percent-encoded or raw (a chunk ID's own `=` signs are kept: only the
 * first `=` of each part separates key from value).
 * @returns {Record<string, string>}
 */
export function readHash() {
  /** @type {Record<string, string>} */
  const out = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const raw = part.slice(eq + 1);
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // a raw value with a stray % is taken as written
    }
    out[part.slice(0, eq)] = value;
  }
  return out;
}

/** @param {string} id @param {string | null} [chunker] */
export function chunkHash(id, chunker) {
  return `#chunk=${encodeURIComponent(id)}${chunker ? `&chunker=${encodeURIComponent(chunker)}` : ''}`;
}

/** Whether the open document shows the chunk set a bare `#chunk=` or `#doc=` means. */
export function isDefaultView() {
  const doc = state.doc;
  if (!doc) return false;
  return (
    doc.chunkers.length < 2 || state.defaultChunker.get(doc.document.doc_uid) === doc.chunker_id
  );
}

export function chunkLinkOfSelected() {
  const chunk = state.doc?.chunks[state.selected];
  return chunk ? chunkLink(chunk) : '';
}

/** The link to a chunk of the open document. @param {Chunk} chunk */
export function chunkLink(chunk) {
  return chunkHash(chunk.chunk_id, isDefaultView() ? null : chunk.chunker_id);
}

/** @param {string} docUid @param {string | null} [chunker] */
export function docHash(docUid, chunker) {
  return `#doc=${encodeURIComponent(docUid)}${chunker ? `&chunker=${encodeURIComponent(chunker)}` : ''}`;
}
