// @ts-check
// The Chunk panel: the selected chunk's details, a redirect notice, and the
// one-line summary shown on hover.
import { $, el } from './dom.js';
import { chunkLink } from './hash-links.js';
import { appendVisible } from './invisible-chars.js';
import { state } from './state.js';

/** @param {number} index */
export function showChunkDetails(index) {
  const chunk = index >= 0 ? state.doc?.chunks[index] : undefined;
  $('chunk-none').hidden = chunk !== undefined;
  $('chunk-details').hidden = chunk === undefined;
  $('chunk-step').hidden = chunk === undefined;
  $('panel-chunk').dataset.chunkId = chunk?.chunk_id ?? '';
  if (!chunk || !state.doc) return;
  // a later part of a split table: its header row, which the chunk's text does not hold
  const header = chunk.table_header ?? null;
  $('chunk-table-header-label').hidden = header === null;
  const headerBox = $('chunk-table-header');
  headerBox.hidden = header === null;
  headerBox.textContent = '';
  if (header !== null) appendVisible(headerBox, header);
  $('chunk-id').textContent = chunk.chunk_id;
  $('chunk-section').textContent = `§ ${chunk.section_id || '(root)'}`;
  const heading = $('chunk-heading');
  heading.textContent = '';
  appendVisible(heading, chunk.heading_path.join(' › '));
  $('chunk-page').textContent = chunk.page === null ? '—' : String(chunk.page);
  $('chunk-tokens').textContent = String(chunk.tokens);
  $('chunk-chunker').textContent = chunk.chunker_id;
  $('chunk-span').textContent =
    `[${chunk.start}, ${chunk.end}) code points, ${chunk.end - chunk.start} long · seq ${chunk.seq}`;
  $('chunk-block').textContent = chunk.json_pointer
    ? `${chunk.block_type} at ${chunk.json_pointer}`
    : chunk.block_type;
  const overlaps = $('chunk-overlaps');
  overlaps.textContent = '';
  const others = state.doc.chunks
    .map((other, i) => ({ other, i }))
    .filter(({ other, i }) => i !== index && other.start < chunk.end && other.end > chunk.start);
  if (others.length === 0) overlaps.textContent = 'none';
  for (const { other } of others) {
    const link = /** @type {HTMLAnchorElement} */ (el('a', 'id', other.chunk_id));
    link.href = chunkLink(other);
    overlaps.append(link, ' ');
  }
  /** @type {HTMLButtonElement} */ ($('chunk-prev')).disabled = index <= 0;
  /** @type {HTMLButtonElement} */ ($('chunk-next')).disabled =
    index >= state.doc.chunks.length - 1;
}

/** @param {number} index */
export function describeChunk(index) {
  const chunk = state.doc?.chunks[index];
  if (!chunk) return '';
  const page = chunk.page === null ? '' : ` · page ${chunk.page}`;
  return `${chunk.chunk_id} · § ${chunk.section_id || '(root)'} ${chunk.heading_path.join(' › ')}${page} · ${chunk.tokens} tokens · ${chunk.chunker_id}`;
}

/**
 * @param {{ requested: string, hops: { from: string, to: string, kind: string }[] }} body
 * @param {string} message
 */
export function showRedirect(body, message) {
  const box = $('chunk-redirect');
  box.textContent = '';
  box.append(el('strong', undefined, message));
  box.append(el('p', 'requested', `Requested: ${body.requested}`));
  if (body.hops.length > 0) {
    const hops = el('ol', 'hops');
    for (const hop of body.hops)
      hops.append(el('li', undefined, `${hop.kind}: ${hop.from} → ${hop.to}`));
    box.append(hops);
  }
  box.hidden = false;
  if (state.selected < 0) {
    $('chunk-none').hidden = true;
  }
}
