// @ts-check
// The Audit panel: sends a pasted answer, in any shape cairn reads (an
// Anthropic, OpenAI, Cohere or Gemini response, or cairn's auditable
// JSON), to POST /api/audit; shows the answer with each claim marked by
// its verdict (a click shows its reasons: the claim's words beside the
// passage's), then lists each citation's verdict; a citation's link opens
// its stored chunk with the quote marked inside it.
import { api } from './api.js';
import { $, el, scrollWithin } from './dom.js';
import { chunkHash } from './hash-links.js';
import { route } from './hash-route.js';
import { appendVisible } from './invisible-chars.js';
import { markQuote } from './quote-mark.js';
import { setStatus } from './status-line.js';

/** The last report's citations, by their place in the list. @type {any[]} */
let shown = [];
/** The last report's claims, by index. @type {any[]} */
let claims = [];

export async function runAudit() {
  const result = $('audit-result');
  const answer = /** @type {HTMLTextAreaElement} */ ($('audit-input')).value;
  const request = /** @type {HTMLTextAreaElement} */ ($('audit-request')).value;
  const format = /** @type {HTMLSelectElement} */ ($('audit-format')).value;
  result.textContent = '';
  result.dataset.state = 'loading';
  result.append(el('p', 'empty', 'Checking…'));
  try {
    const { body } = await api(
      '/api/audit',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          answer,
          format,
          ...(request.trim() === '' ? {} : { request }),
        }),
      },
      [422],
    );
    result.textContent = '';
    shown = Array.isArray(body.citations) ? body.citations : [];
    claims = Array.isArray(body.claims) ? body.claims : [];
    result.append(renderReport(body));
    const allSupported = claims.every((c) => c.support === 'supported');
    result.dataset.state = body.ok && allSupported ? 'ok' : 'issues';
  } catch (error) {
    shown = [];
    claims = [];
    result.textContent = '';
    result.append(el('p', 'error', error instanceof Error ? error.message : String(error)));
    result.dataset.state = 'error';
  }
}

/**
 * Opens the stored chunk a listed citation was located in and marks its
 * quote there (each fragment of an elided one).
 * @param {number} index into the last report's citations
 */
export async function showCitation(index) {
  const c = shown[index];
  const passage = c?.passage;
  if (!passage) return;
  const hash = chunkHash(passage.chunk_id);
  if (location.hash !== hash) history.pushState(null, '', hash);
  await route();
  const q = c.quote;
  if (!q) return;
  // a quote not found: the passage of the cited chunk closest to it, marked apart
  const closest = q.status === 'not_found' && q.closest ? q.closest : null;
  /** @type {{ start: number, end: number }[]} */
  let spans = [];
  if (closest)
    spans = [{ start: passage.char_start + closest.start, end: passage.char_start + closest.end }];
  else if (Array.isArray(q.fragments) && q.fragments.length > 0)
    spans = q.fragments.map((/** @type {{ start: number, end: number }} */ f) => ({
      start: passage.char_start + f.start,
      end: passage.char_start + f.end,
    }));
  else if (q.doc_start !== null && q.doc_end !== null)
    spans = [{ start: q.doc_start, end: q.doc_end }];
  const marks = markQuote(spans, { closest: closest !== null });
  if (marks.length === 0) return;
  scrollWithin($('doc-scroll'), marks[0], 'center');
  setStatus(
    closest
      ? `Quote not found in ${passage.chunk_id}; the closest passage (similarity ${Number(closest.similarity).toFixed(2)}) is marked`
      : q.status === 'misplaced'
        ? `Cited ${c.chunk_id ?? '(no chunk)'}; the quote is in ${passage.chunk_id}`
        : `Quote ${q.status} in ${passage.chunk_id}`,
  );
}

/**
 * Shows one claim's verdict and reasons under the answer: for each reason
 * that compares texts, the claim's words beside the passage's, each marked.
 * @param {number} index into the last report's claims
 */
export function showClaim(index) {
  const claim = claims[index];
  const detail = document.querySelector('[data-testid="audit-claim-detail"]');
  if (!claim || !(detail instanceof HTMLElement)) return;
  for (const node of document.querySelectorAll('[data-testid="audit-claim"]'))
    node.classList.toggle(
      'selected',
      Number(/** @type {HTMLElement} */ (node).dataset.claim) === index,
    );
  detail.textContent = '';
  detail.dataset.claim = String(index);
  const head = el('p', `verdict claim-${claim.support}`);
  head.append(el('span', `badge ${claim.support}`, String(claim.support)), ' ');
  const cites =
    claim.citations.length === 0
      ? 'cites nothing'
      : `cites ${claim.citations.map((/** @type {number} */ i) => `[${i + 1}]`).join(' ')}`;
  head.append(`Claim ${index + 1} ${cites}`);
  detail.append(head);
  for (const r of claim.reasons) {
    const item = el('div', `claim-reason ${r.verdict}`);
    item.dataset.testid = 'audit-claim-reason';
    item.dataset.code = String(r.code);
    const message = el('p', 'reason');
    appendVisible(message, `${r.code}: ${r.message}`);
    item.append(message);
    if (r.claim_text !== null || r.passage_text !== null) {
      const pair = el('div', 'claim-pair');
      pair.append(side('Claim says', r.claim_text, 'audit-claim-words'));
      pair.append(
        side(
          `Passage${r.chunk_id ? ` (${r.chunk_id})` : ''} says`,
          r.passage_text,
          'audit-passage-words',
        ),
      );
      item.append(pair);
    }
    detail.append(item);
  }
  if (claim.reasons.length === 0)
    detail.append(
      el('p', 'reason', 'Every check passed: the cited passages state what the claim says.'),
    );
}

/** @param {string} title @param {string | null} text @param {string} testid */
function side(title, text, testid) {
  const box = el('div', 'claim-side');
  box.append(el('p', 'side-title', title));
  const words = el('mark');
  words.dataset.testid = testid;
  appendVisible(words, text ?? '—');
  box.append(words);
  return box;
}

/** The answer's text with each claim a clickable span coloured by its verdict, its citations numbered after it. @param {any} body */
function renderAnswer(body) {
  const box = el('div', 'audit-answer');
  box.dataset.testid = 'audit-answer';
  const chars = Array.from(String(body.answer_text ?? ''));
  let at = 0;
  for (const c of claims) {
    if (c.start < at || c.end > chars.length) continue;
    appendVisible(box, chars.slice(at, c.start).join(''));
    const span = el('span', `claim ${c.support}`);
    span.dataset.testid = 'audit-claim';
    span.dataset.claim = String(c.index);
    span.dataset.support = String(c.support);
    span.tabIndex = 0;
    span.title = `${c.support}: click for the reasons`;
    appendVisible(span, chars.slice(c.start, c.end).join(''));
    box.append(span);
    for (const i of c.citations)
      box.append(el('sup', `cite ${shown[i]?.status ?? ''}`, `[${i + 1}]`));
    at = c.end;
  }
  appendVisible(box, chars.slice(at).join(''));
  return box;
}

/** @param {any} body */
function renderReport(body) {
  const fragment = document.createDocumentFragment();
  const s = body.summary ?? {};
  const n = Number(s.citations ?? 0);
  fragment.append(
    el(
      'p',
      body.ok ? 'verdict ok' : 'verdict bad',
      `${body.ok ? 'Every citation checks out.' : 'Problems found.'} ${n} citation${n === 1 ? '' : 's'}: ${s.verified ?? 0} verified, ${s.repaired ?? 0} repaired, ${s.unverified ?? 0} unverified.`,
    ),
  );
  const k = body.claim_summary;
  if (k && k.claims > 0) {
    const line = el(
      'p',
      k.supported === k.claims ? 'verdict ok' : 'verdict bad',
      `${k.claims} claim${k.claims === 1 ? '' : 's'}: ${k.supported} supported, ${k.contradicted} contradicted, ${k.unsupported} unsupported, ${k.uncited} uncited.`,
    );
    line.dataset.testid = 'audit-claim-summary';
    fragment.append(line);
  }
  const read = el('p', 'reason');
  appendVisible(read, `Read as ${body.format}: ${body.schema}`);
  fragment.append(read);
  if (claims.length > 0) {
    fragment.append(renderAnswer(body));
    const detail = el('div', 'audit-claim-detail');
    detail.dataset.testid = 'audit-claim-detail';
    detail.append(
      el('p', 'reason', 'Click a marked sentence of the answer to see why it has its verdict.'),
    );
    fragment.append(detail);
  }
  if (shown.length === 0) return fragment;
  const list = el('ol', 'citations');
  for (const [index, c] of shown.entries()) list.append(renderCitation(c, index));
  fragment.append(list);
  return fragment;
}

/** @param {any} c @param {number} index */
function renderCitation(c, index) {
  const item = el('li', `citation ${c.status}`);
  item.dataset.testid = 'audit-citation';
  item.dataset.status = String(c.status);
  item.dataset.code = String(c.code);
  const line = el('p');
  line.append(el('span', `badge ${c.status}`, String(c.status)), ' ');
  line.append(el('code', 'code', String(c.code)), ' ');
  const target = c.passage?.chunk_id ?? null;
  if (typeof target === 'string') {
    const link = /** @type {HTMLAnchorElement} */ (el('a', 'id', target));
    link.href = chunkHash(target);
    link.dataset.testid = 'audit-show';
    link.dataset.index = String(index);
    link.title = 'Open the stored text with the quote marked';
    line.append(link);
  } else {
    const id = el('code', 'id');
    appendVisible(id, c.chunk_id ?? '(no chunk ID)');
    line.append(id);
  }
  item.append(line);
  if (c.quote) {
    const quote = el('p', 'quote-line');
    quote.dataset.testid = 'audit-quote';
    quote.dataset.status = String(c.quote.status);
    const normalized =
      Array.isArray(c.quote.normalized) && c.quote.normalized.length > 0
        ? ` (${c.quote.normalized.join(', ')})`
        : '';
    quote.append(el('span', 'quote-status', `quote ${c.quote.status}${normalized}: `));
    const words = el('q');
    appendVisible(words, String(c.quote.text));
    quote.append(words);
    item.append(quote);
  }
  if (c.detail) {
    const reason = el('p', 'reason');
    reason.dataset.testid = 'audit-reason';
    appendVisible(reason, `${c.code}: ${c.detail}`);
    item.append(reason);
  }
  return item;
}
