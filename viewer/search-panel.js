// @ts-check
// The Search panel: runs a query and lists its hits, each a link to its chunk.
import { api } from './api.js';
import { $, el } from './dom.js';
import { chunkHash } from './hash-links.js';
import { hitExcerpt } from './hit-excerpt.js';
import { appendVisible } from './invisible-chars.js';
import { state } from './state.js';
import { showTab } from './tabs.js';

const SEARCH_K = 20;
const SNIPPET_CHARS = 280;
/** Bumped by each search; an older one's late titles do not mark the list ready. */
let searches = 0;

export async function runSearch(/** @type {string} */ query) {
  const token = ++searches;
  const summary = $('search-summary');
  const list = $('search-hits');
  showTab('panel-search');
  list.textContent = '';
  list.dataset.state = 'loading';
  summary.textContent = 'Searching…';
  try {
    const { body } = await api(`/api/search?q=${encodeURIComponent(query)}&k=${SEARCH_K}`);
    summary.textContent = `${body.hits.length} hit${body.hits.length === 1 ? '' : 's'} for “${query}”`;
    for (const [i, hit] of body.hits.entries())
      list.append(renderHit(hit, body.matches?.[i] ?? []));
    await fillTitles(body.hits, list);
  } catch (error) {
    summary.textContent = error instanceof Error ? error.message : String(error);
  }
  if (token === searches) list.dataset.state = 'ready';
}

/**
 * A hit names its document by source_url only, and the sidebar holds the
 * documents it has paged in so far: the title of any other document comes
 * from its chunk's answer (one small request per document, then kept).
 * A failed lookup leaves the source_url.
 * @param {any[]} hits
 * @param {HTMLElement} list
 */
async function fillTitles(hits, list) {
  /** @type {Map<string, string>} doc_id -> a snippet_id of it */
  const missing = new Map();
  for (const hit of hits)
    if (!state.docs.has(hit.doc_id) && !missing.has(hit.doc_id))
      missing.set(hit.doc_id, hit.snippet_id);
  await Promise.all(
    [...missing].map(async ([docId, snippetId]) => {
      let summary;
      try {
        summary = (await api(`/api/chunks/${encodeURIComponent(snippetId)}`)).body.document;
      } catch {
        return;
      }
      if (!summary) return;
      state.docs.set(docId, summary);
      if (!summary.title) return;
      for (const title of list.querySelectorAll('.hit-title')) {
        if (!(title instanceof HTMLElement) || title.dataset.docId !== docId) continue;
        title.textContent = '';
        appendVisible(title, summary.title);
      }
    }),
  );
}

/**
 * @param {any} hit
 * @param {number[][]} matches where the hit's text holds a searched word (the API's `matches`)
 */
function renderHit(hit, matches) {
  const item = el('li');
  const link = /** @type {HTMLAnchorElement} */ (el('a', 'hit'));
  link.href = chunkHash(hit.snippet_id);
  link.dataset.testid = 'search-hit';
  link.dataset.snippetId = hit.snippet_id;
  const doc = state.docs.get(hit.doc_id);
  const title = el('span', 'hit-title');
  title.dataset.docId = hit.doc_id;
  appendVisible(title, doc?.title || hit.source_url);
  const where = el('span', 'hit-where');
  appendVisible(
    where,
    // search names the section before any heading '-' (NO_SECTION_ID)
    `§ ${hit.section_id === '-' ? '(root)' : hit.section_id || '(root)'} ${hit.heading_path.join(' › ')}${hit.page === null ? '' : ` · page ${hit.page}`}`,
  );
  const snippet = el('span', 'hit-snippet');
  for (const piece of hitExcerpt(hit.text, matches, SNIPPET_CHARS)) {
    if (!piece.mark) appendVisible(snippet, piece.text);
    else appendVisible(snippet.appendChild(el('mark')), piece.text);
  }
  // the score the list is ordered by (the reranker's when it ran), so it never rises down the
  // list; the engine's own score is a detail beside it
  const ordering = hit.rerank_score ?? hit.score_norm;
  const engine = hit.rerank_score === null ? '' : ` · engine ${Number(hit.score_norm).toFixed(2)}`;
  const score = el(
    'span',
    'hit-score',
    `score ${Number(ordering).toFixed(2)}${engine} · ${hit.tokens} tokens · [${hit.offsets.start}, ${hit.offsets.end})`,
  );
  score.dataset.score = String(ordering);
  link.append(title, where, snippet, score);
  item.append(link);
  return item;
}
