// @ts-check
// What the viewer has open and shows: one object the panels share.

/**
 * @typedef {import('./api.js').DocView} DocView
 * @typedef {import('./api.js').DocSummary} DocSummary
 * @typedef {import('./text-pieces.js').Layout} Layout
 */

export const state = {
  /** @type {DocView | null} */ doc: null,
  /** @type {Layout | null} */ layout: null,
  /** index into doc.chunks, or -1 */ selected: -1,
  /** index into doc.chunks, or -1 */ hovered: -1,
  /** @type {Map<string, number>} chunk_id -> index */ byId: new Map(),
  /** @type {Map<string, DocSummary>} */ docs: new Map(),
  /**
   * doc_uid -> the chunker the server shows when none is asked for. Chunk
   * IDs of two chunkers can coincide, so a link into any other chunk set
   * names its chunker.
   * @type {Map<string, string | null>}
   */
  defaultChunker: new Map(),
  nextOffset: /** @type {number | null} */ (0),
  /** Bumped by each navigation; a slower, older one drops its result. */
  route: 0,
};
