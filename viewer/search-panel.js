// @ts-check
// The Search panel: runs a query and lists its hits, each a link to its chunk.
import { api } from './api.js';
import { $, el } from './dom.js';
import { chunkHash } from './hash-links.js';
import { appendVisible } from './invisible-chars.js';
import { state } from './state.js';
import { showTab } from './tabs.js';

const SEARCH_K = 20;
const SNIPPET_CHARS = 280;

export async function runSearch(/** @type {string} */ query) {
  const summary = $('search-summary');
  const list = $('search-hits');
  showTab('panel-search');
  list.textContent = '';
  list.dataset.state = 'loading';
  summary.textContent = 'Searching…';
  try {
    const { body } = await api(`/api/search?q=${encodeURIComponent(query)}&k=${SEARCH_K}`);
    summary.textContent = `${body.hits.length} hit${body.hits.length === 1 ? '' : 's'} for “${query}”`;
    for (const hit of body.hits) list.append(renderHit(hit));
  } catch (error) {
    summary.textContent = error instanceof Error ? error.message : String(error);
  }
  list.dataset.state = 'ready';
}

/** @param {any} hit */
function renderHit(hit) {
  const item = el('li');
  const link = /** @type {HTMLAnchorElement} */ (el('a', 'hit'));
  link.href = chunkHash(hit.snippet_id);
  link.dataset.testid = 'search-hit';
  link.dataset.snippetId = hit.snippet_id;
  const doc = state.docs.get(hit.doc_id);
  const title = el('span', 'hit-title');
  appendVisible(title, doc?.title || hit.source_url);
  const where = el('span', 'hit-where');
  appendVisible(
    where,
    `§ ${hit.section_id || '(root)'} ${hit.heading_path.join(' › ')}${hit.page === null ? '' : ` · page ${hit.page}`}`,
  );
  const snippet = el('span', 'hit-snippet');
  const text = [...hit.text];
  appendVisible(
    snippet,
    text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS).join('')}…` : hit.text,
  );
  const score = el(
    'span',
    'hit-score',
    `score ${Number(hit.score_norm).toFixed(2)} · ${hit.tokens} tokens · [${hit.offsets.start}, ${hit.offsets.end})`,
  );
  link.append(title, where, snippet, score);
  item.append(link);
  return item;
}
