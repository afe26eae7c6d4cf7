// @ts-check
// The Audit panel: sends a pasted answer to the validator and shows each
// citation's verdict and every issue found.
import { api } from './api.js';
import { $, el } from './dom.js';
import { chunkHash } from './hash-links.js';
import { appendVisible } from './invisible-chars.js';

export async function runAudit() {
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
