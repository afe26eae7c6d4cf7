// @ts-check
// The cairn web viewer: plain ESM, no build step, served under a strict CSP.
// Document text, titles, snippets and every other value from the API reach
// the page only through textContent / text nodes: nothing is ever parsed as
// HTML, so a document holding <script> shows it as the characters it is.

/**
 * @typedef {{ chunk_id: string, seq: number, start: number, end: number, tokens: number,
 *   section_id: string, heading_path: string[], page: number | null, block_type: string,
 *   json_pointer: string, chunker_id: string }} Chunk
 * @typedef {{ doc_uid: string, source_url: string, title: string | null, format: string,
 *   media_type: string, updated_at: string }} DocSummary
 * @typedef {{ document: DocSummary, version: { seq: number, rev: string, length: number },
 *   chunker_id: string | null, chunkers: string[], text: string, chunks: Chunk[] }} DocView
 * @typedef {{ start16: number, end16: number, cover: number[] }} Segment
 * @typedef {{ segments: Segment[], elements: HTMLElement[], first: Int32Array, last: Int32Array }} Layout
 */

const LIST_PAGE = 200;
const SEARCH_K = 20;
const SNIPPET_CHARS = 280;

/**
 * Characters a reader cannot see but that change what text means or how it
 * reads: bidi controls (U+061C, U+200E/F, U+202A-E, U+2066-9), zero-width
 * and invisible format characters, and C0 controls other than tab and line
 * breaks. Each is shown as a labelled mark; the character itself stays in
 * the DOM so a span's textContent is still the stored text.
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** @type {Record<string, string>} */
const INVISIBLE_NAMES = {
  'U+000C': 'form feed (page break)',
  'U+00AD': 'soft hyphen',
  'U+061C': 'arabic letter mark',
  'U+180E': 'mongolian vowel separator',
  'U+200B': 'zero width space',
  'U+200C': 'zero width non-joiner',
  'U+200D': 'zero width joiner',
  'U+200E': 'left-to-right mark',
  'U+200F': 'right-to-left mark',
  'U+202A': 'left-to-right embedding',
  'U+202B': 'right-to-left embedding',
  'U+202C': 'pop directional formatting',
  'U+202D': 'left-to-right override',
  'U+202E': 'right-to-left override',
  'U+2060': 'word joiner',
  'U+2066': 'left-to-right isolate',
  'U+2067': 'right-to-left isolate',
  'U+2068': 'first strong isolate',
  'U+2069': 'pop directional isolate',
  'U+FEFF': 'zero width no-break space (BOM)',
};

/** @param {string} id @returns {HTMLElement} */
function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`viewer: #${id} is missing from index.html`);
  return el;
}

/**
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Appends `text` as text nodes, each invisible character wrapped in a labelled mark. */
function appendVisible(/** @type {Node} */ parent, /** @type {string} */ text) {
  INVISIBLE.lastIndex = 0;
  let last = 0;
  for (let m = INVISIBLE.exec(text); m !== null; m = INVISIBLE.exec(text)) {
    if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
    const code = m[0].charCodeAt(0);
    const mark = el('span', 'inv');
    mark.dataset.cp = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    mark.title = `${mark.dataset.cp} ${INVISIBLE_NAMES[mark.dataset.cp] ?? 'control character'}`;
    mark.textContent = m[0];
    parent.appendChild(mark);
    last = m.index + 1;
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}

// ---------------------------------------------------------------- API

class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} message */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {string} path
 * @param {RequestInit} [init]
 * @param {number[]} [accept] statuses besides 2xx whose JSON body is an answer, not an error
 * @returns {Promise<{ status: number, body: any }>}
 */
async function api(path, init, accept = []) {
  const response = await fetch(path, {
    ...init,
    headers: { accept: 'application/json', ...init?.headers },
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(
      response.status,
      'bad_response',
      `${path}: the server answered ${response.status} without JSON`,
    );
  }
  if (response.ok || accept.includes(response.status)) return { status: response.status, body };
  const error = body?.error ?? {};
  throw new ApiError(
    response.status,
    String(error.code ?? 'error'),
    String(error.message ?? `HTTP ${response.status}`),
  );
}

// ---------------------------------------------------------------- state

const state = {
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

function setStatus(/** @type {string} */ message, /** @type {'info' | 'error'} */ kind = 'info') {
  const status = $('status');
  status.textContent = message;
  status.dataset.kind = kind;
}

// ---------------------------------------------------------------- hash routing

/**
 * `#doc=<doc_uid>[&chunker=<id>]` or `#chunk=<chunk id>`; values may be
 * percent-encoded or raw (a chunk ID's own `=` signs are kept: only the
 * first `=` of each part separates key from value).
 * @returns {Record<string, string>}
 */
function readHash() {
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
function chunkHash(id, chunker) {
  return `#chunk=${encodeURIComponent(id)}${chunker ? `&chunker=${encodeURIComponent(chunker)}` : ''}`;
}

/** Whether the open document shows the chunk set a bare `#chunk=` or `#doc=` means. */
function isDefaultView() {
  const doc = state.doc;
  if (!doc) return false;
  return (
    doc.chunkers.length < 2 || state.defaultChunker.get(doc.document.doc_uid) === doc.chunker_id
  );
}

function chunkLinkOfSelected() {
  const chunk = state.doc?.chunks[state.selected];
  return chunk ? chunkLink(chunk) : '';
}

/** The link to a chunk of the open document. @param {Chunk} chunk */
function chunkLink(chunk) {
  return chunkHash(chunk.chunk_id, isDefaultView() ? null : chunk.chunker_id);
}

/** @param {string} docUid @param {string | null} [chunker] */
function docHash(docUid, chunker) {
  return `#doc=${encodeURIComponent(docUid)}${chunker ? `&chunker=${encodeURIComponent(chunker)}` : ''}`;
}

async function route() {
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

// ---------------------------------------------------------------- document list

async function loadMoreDocuments() {
  if (state.nextOffset === null) return;
  const { body } = await api(`/api/documents?limit=${LIST_PAGE}&offset=${state.nextOffset}`);
  const list = $('doc-list');
  for (const doc of /** @type {DocSummary[]} */ (body.items)) {
    state.docs.set(doc.doc_uid, doc);
    const item = el('li');
    const link = /** @type {HTMLAnchorElement} */ (el('a', 'doc-item'));
    link.href = docHash(doc.doc_uid);
    link.dataset.testid = 'doc-item';
    link.dataset.docUid = doc.doc_uid;
    const title = el('span', 'doc-item-title');
    appendVisible(title, doc.title || doc.source_url);
    const source = el('span', 'doc-item-source');
    appendVisible(source, doc.source_url);
    link.append(title, source);
    item.append(link);
    list.append(item);
  }
  state.nextOffset = body.next_offset;
  $('doc-more').hidden = state.nextOffset === null;
  $('doc-list').dataset.state = 'ready';
  markCurrentDocument();
}

function markCurrentDocument() {
  for (const link of document.querySelectorAll('#doc-list .doc-item')) {
    const current =
      link instanceof HTMLElement && link.dataset.docUid === state.doc?.document.doc_uid;
    link.classList.toggle('current', current);
    if (current) {
      link.setAttribute('aria-current', 'page');
      link.scrollIntoView({ block: 'nearest' });
    } else link.removeAttribute('aria-current');
  }
}

// ---------------------------------------------------------------- one document

/**
 * @param {string} target doc_uid or source_url
 * @param {string | null} chunker
 * @param {number} token
 * @param {{ scrollTop?: boolean }} [options]
 */
async function openDocument(target, chunker, token, options = {}) {
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
  const layout = layOut(doc.text, doc.chunks);
  const container = $('doc-text');
  container.textContent = '';
  container.append(renderSegments(doc.text, doc.chunks, layout));
  state.layout = layout;
  container.dataset.docUid = doc.document.doc_uid;
  container.dataset.chunker = doc.chunker_id ?? '';
  container.dataset.renderMs = String(Math.round(performance.now() - started));
  container.dataset.state = 'ready';
  $('doc-scroll').scrollTop = 0;
  markCurrentDocument();
}

/**
 * Cuts the text at every chunk boundary, so each segment knows the chunks
 * covering it. Chunk offsets are code points; string indices are UTF-16
 * (an astral character is one code point, two units), converted here in
 * one pass. Overlapping chunks give segments with two or more covers,
 * gaps segments with none. O(text + chunks × covers at a point).
 * @param {string} text
 * @param {Chunk[]} chunks
 * @returns {Layout}
 */
function layOut(text, chunks) {
  const points = new Set([0]);
  for (const chunk of chunks) {
    points.add(chunk.start);
    points.add(chunk.end);
  }
  const sorted = [...points].sort((a, b) => a - b);
  // code point offset -> UTF-16 index, for each boundary, in one walk of the text
  const at16 = new Map();
  let cp = 0;
  let i16 = 0;
  for (const point of sorted) {
    while (cp < point && i16 < text.length) {
      const unit = text.charCodeAt(i16);
      const next = text.charCodeAt(i16 + 1);
      i16 += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
      cp++;
    }
    at16.set(point, i16);
  }
  // text after the last chunk is a gap segment of its own
  if (at16.get(sorted[sorted.length - 1]) < text.length) {
    sorted.push(Number.POSITIVE_INFINITY);
    at16.set(Number.POSITIVE_INFINITY, text.length);
  }

  const order = chunks
    .map((_, i) => i)
    .sort((a, b) => chunks[a].start - chunks[b].start || chunks[a].seq - chunks[b].seq);
  const first = new Int32Array(chunks.length).fill(-1);
  const last = new Int32Array(chunks.length).fill(-1);
  /** @type {Segment[]} */
  const segments = [];
  /** @type {number[]} */
  let active = [];
  let next = 0;
  for (let k = 0; k + 1 < sorted.length; k++) {
    const from = sorted[k];
    const to = sorted[k + 1];
    active = active.filter((i) => chunks[i].end > from);
    while (next < order.length && chunks[order[next]].start <= from) {
      const i = order[next++];
      if (chunks[i].end > from) active.push(i);
    }
    const start16 = at16.get(from);
    const end16 = at16.get(to);
    if (end16 <= start16) continue;
    // every chunk end is a boundary, so a chunk still open at `from` covers up to `to`
    const cover = [...active];
    cover.sort((a, b) => chunks[a].seq - chunks[b].seq);
    const index = segments.length;
    for (const i of cover) {
      if (first[i] === -1) first[i] = index;
      last[i] = index;
    }
    segments.push({ start16, end16, cover });
  }
  return { segments, elements: [], first, last };
}

/**
 * One span per segment. Colours alternate by chunk seq (three of them, so
 * neighbours always differ); a segment under two chunks is hatched.
 * @param {string} text
 * @param {Chunk[]} chunks
 * @param {Layout} layout
 */
function renderSegments(text, chunks, layout) {
  const fragment = document.createDocumentFragment();
  layout.elements = layout.segments.map((segment, index) => {
    const span = el('span', 'seg');
    span.dataset.seg = String(index);
    const [top] = segment.cover;
    if (top === undefined) span.classList.add('gap');
    else {
      span.classList.add(`c${chunks[top].seq % 3}`);
      if (segment.cover.length > 1) span.classList.add('ov');
      for (const i of segment.cover) {
        if (layout.first[i] === index) {
          span.classList.add('start');
          span.dataset.chunkStart = String(i);
        }
      }
    }
    appendVisible(span, text.slice(segment.start16, segment.end16));
    fragment.append(span);
    return span;
  });
  return fragment;
}

/** @param {number} index @param {string} className @param {boolean} on */
function markChunk(index, className, on) {
  const layout = state.layout;
  if (!layout || index < 0 || layout.first[index] < 0) return;
  for (let k = layout.first[index]; k <= layout.last[index]; k++)
    layout.elements[k].classList.toggle(className, on);
}

/**
 * @param {number} index into state.doc.chunks, -1 for none
 * @param {{ scroll?: boolean }} [options]
 */
function selectChunk(index, options = {}) {
  markChunk(state.selected, 'sel', false);
  state.selected = index;
  markChunk(index, 'sel', true);
  showChunkDetails(index);
  const layout = state.layout;
  if (options.scroll && layout && index >= 0 && layout.first[index] >= 0) {
    layout.elements[layout.first[index]].scrollIntoView({ block: 'center' });
  }
}

/** @param {number} index */
function showChunkDetails(index) {
  const chunk = index >= 0 ? state.doc?.chunks[index] : undefined;
  $('chunk-none').hidden = chunk !== undefined;
  $('chunk-details').hidden = chunk === undefined;
  $('chunk-step').hidden = chunk === undefined;
  $('panel-chunk').dataset.chunkId = chunk?.chunk_id ?? '';
  if (!chunk || !state.doc) return;
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
function describeChunk(index) {
  const chunk = state.doc?.chunks[index];
  if (!chunk) return '';
  const page = chunk.page === null ? '' : ` · page ${chunk.page}`;
  return `${chunk.chunk_id} · § ${chunk.section_id || '(root)'} ${chunk.heading_path.join(' › ')}${page} · ${chunk.tokens} tokens · ${chunk.chunker_id}`;
}

/** The chunk a click or hover on this segment means: the selected one if it covers it, else the first. */
function chunkAt(/** @type {EventTarget | null} */ target, /** @type {boolean} */ cycle) {
  const span = target instanceof Element ? target.closest('.seg') : null;
  if (!(span instanceof HTMLElement) || !state.layout) return -1;
  const segment = state.layout.segments[Number(span.dataset.seg)];
  if (!segment || segment.cover.length === 0) return -1;
  const at = segment.cover.indexOf(state.selected);
  if (at === -1) return segment.cover[0];
  return cycle ? segment.cover[(at + 1) % segment.cover.length] : segment.cover[at];
}

/**
 * Selects a chunk of the open document and records it in the URL (a history entry, no reload).
 * @param {number} index
 * @param {{ scroll?: boolean }} [options]
 */
function pickChunk(index, options = {}) {
  const chunk = state.doc?.chunks[index];
  if (!chunk) return;
  $('chunk-redirect').hidden = true;
  selectChunk(index, options);
  if (location.hash !== chunkLink(chunk)) history.pushState(null, '', chunkLink(chunk));
  showTab('panel-chunk');
}

// ---------------------------------------------------------------- #chunk=

/** @param {string} id @param {string | null} chunker @param {number} token */
async function openChunk(id, chunker, token) {
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
  if (body.redirected) showRedirect(body, `Redirected to the live chunk ${body.chunk_id}.`);
  else $('chunk-redirect').hidden = true;
  showTab('panel-chunk');
  setStatus('');
}

/**
 * @param {{ requested: string, hops: { from: string, to: string, kind: string }[] }} body
 * @param {string} message
 */
function showRedirect(body, message) {
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

// ---------------------------------------------------------------- search

async function runSearch(/** @type {string} */ query) {
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

// ---------------------------------------------------------------- audit

async function runAudit() {
  const result = $('audit-result');
  const input = /** @type {HTMLTextAreaElement} */ ($('audit-input'));
  result.textContent = '';
  result.dataset.state = 'loading';
  result.append(el('p', 'empty', 'Checking…'));
  try {
    const { body } = await api(
      '/api/validate/answer',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: input.value },
      [422],
    );
    result.textContent = '';
    result.append(renderAudit(body));
    result.dataset.state = body.ok ? 'ok' : 'issues';
  } catch (error) {
    result.textContent = '';
    result.append(el('p', 'error', error instanceof Error ? error.message : String(error)));
    result.dataset.state = 'error';
  }
}

/** @param {any} body */
function renderAudit(body) {
  const fragment = document.createDocumentFragment();
  const counts = { verified: 0, redirected: 0, unverified: 0 };
  for (const c of body.citations)
    if (Object.hasOwn(counts, c.status)) counts[/** @type {keyof typeof counts} */ (c.status)]++;
  fragment.append(
    el(
      'p',
      body.ok ? 'verdict ok' : 'verdict bad',
      `${body.ok ? 'Every citation checks out.' : 'Problems found.'} ${body.citations.length} citation${body.citations.length === 1 ? '' : 's'}: ${counts.verified} verified, ${counts.redirected} redirected, ${counts.unverified} unverified.`,
    ),
  );
  if (body.citations.length > 0) {
    const list = el('ol', 'citations');
    for (const c of body.citations) {
      const item = el('li', `citation ${c.status}`);
      item.dataset.testid = 'audit-citation';
      item.dataset.status = c.status;
      const line = el('p');
      line.append(el('span', `badge ${c.status}`, String(c.status)));
      line.append(` ${c.path} `);
      const target = c.resolved_snippet_id ?? c.snippet_id;
      if (typeof target === 'string' && target !== '' && c.status !== 'unverified') {
        const link = /** @type {HTMLAnchorElement} */ (el('a', 'id', target));
        link.href = chunkHash(target);
        line.append(link);
      } else {
        line.append(
          el(
            'code',
            'id',
            typeof c.snippet_id === 'string' ? c.snippet_id : JSON.stringify(c.snippet_id),
          ),
        );
      }
      item.append(line);
      if (c.reason) {
        const reason = el('p', 'reason');
        reason.dataset.testid = 'audit-reason';
        appendVisible(reason, c.detail ? `${c.reason}: ${c.detail}` : c.reason);
        item.append(reason);
      }
      if (c.status === 'redirected' && Array.isArray(c.hops) && c.hops.length > 0) {
        item.append(
          el(
            'p',
            'hops',
            c.hops.map((/** @type {any} */ h) => `${h.kind}: ${h.from} → ${h.to}`).join('; '),
          ),
        );
      }
      list.append(item);
    }
    fragment.append(list);
  }
  if (body.issues.length > 0) {
    fragment.append(el('h3', undefined, `Issues (${body.issues.length})`));
    const list = el('ul', 'issues');
    for (const issue of body.issues) {
      const item = el('li');
      item.dataset.testid = 'audit-issue';
      item.dataset.code = issue.code;
      item.append(el('code', 'code', issue.code), ' ');
      if (issue.path) item.append(el('span', 'path', issue.path), ' ');
      const message = el('span', 'message');
      appendVisible(message, String(issue.message ?? ''));
      item.append(message);
      list.append(item);
    }
    fragment.append(list);
  }
  return fragment;
}

// ---------------------------------------------------------------- tabs and wiring

function showTab(/** @type {string} */ panelId) {
  for (const tab of document.querySelectorAll('.tabs [role="tab"]')) {
    if (!(tab instanceof HTMLElement)) continue;
    const on = tab.dataset.panel === panelId;
    tab.setAttribute('aria-selected', String(on));
    $(String(tab.dataset.panel)).hidden = !on;
  }
}

function wire() {
  const text = $('doc-text');
  text.addEventListener('click', (event) => {
    // a drag that selected text to copy is not a click on a chunk
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) return;
    const index = chunkAt(event.target, true);
    if (index >= 0) pickChunk(index);
  });
  text.addEventListener('mouseover', (event) => {
    const index = chunkAt(event.target, false);
    if (index === state.hovered) return;
    markChunk(state.hovered, 'hov', false);
    state.hovered = index;
    markChunk(index, 'hov', true);
    $('hover-info').textContent = index >= 0 ? describeChunk(index) : '';
  });
  text.addEventListener('mouseleave', () => {
    markChunk(state.hovered, 'hov', false);
    state.hovered = -1;
    $('hover-info').textContent = '';
  });
  document.addEventListener('keydown', (event) => {
    if (!state.doc || event.altKey || event.ctrlKey || event.metaKey) return;
    // typing in the search box or the audit text is not navigation
    if (event.target instanceof Element && event.target.closest('input, textarea, select')) return;
    if (event.key === 'j' || event.key === 'k') {
      const step = event.key === 'j' ? 1 : -1;
      pickChunk(Math.min(state.doc.chunks.length - 1, Math.max(0, state.selected + step)), {
        scroll: true,
      });
      event.preventDefault();
    }
  });
  $('chunk-prev').addEventListener('click', () => pickChunk(state.selected - 1, { scroll: true }));
  $('chunk-next').addEventListener('click', () => pickChunk(state.selected + 1, { scroll: true }));
  const copy = async (/** @type {string} */ value, /** @type {string} */ what) => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus(`${what} copied`);
    } catch {
      setStatus(`Copying needs clipboard permission; select the ${what} instead`, 'error');
    }
  };
  $('chunk-copy').addEventListener('click', () =>
    copy($('chunk-id').textContent ?? '', 'chunk ID'),
  );
  $('chunk-copy-link').addEventListener('click', () =>
    copy(`${location.origin}/${chunkLinkOfSelected()}`, 'link'),
  );
  $('chunker-select').addEventListener('change', (event) => {
    const select = /** @type {HTMLSelectElement} */ (event.target);
    if (state.doc) location.hash = docHash(state.doc.document.doc_uid, select.value);
  });
  $('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const query = /** @type {HTMLInputElement} */ ($('search-input')).value.trim();
    if (query) runSearch(query);
  });
  $('search-hits').addEventListener('click', (event) => {
    // the same hit twice changes no hash, so no hashchange would fire
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (link && link.getAttribute('href') === location.hash) {
      event.preventDefault();
      route();
    }
  });
  $('audit-run').addEventListener('click', () => runAudit());
  $('doc-more').addEventListener('click', () =>
    loadMoreDocuments().catch((e) => setStatus(String(e.message ?? e), 'error')),
  );
  for (const tab of document.querySelectorAll('.tabs [role="tab"]')) {
    tab.addEventListener('click', () =>
      showTab(String(/** @type {HTMLElement} */ (tab).dataset.panel)),
    );
  }
  // back and forward between entries that differ only by the fragment fire hashchange too
  window.addEventListener('hashchange', () => route());
}

wire();
loadMoreDocuments().catch((error) =>
  setStatus(`Could not list documents: ${error.message ?? error}`, 'error'),
);
route();
