import type { AuditedCitation, AuditReport } from '../cite/audit/types.js';
import type { AuditedClaim } from '../cite/claims/types.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text: every markup character escaped, so nothing from an answer or a document is ever markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/gu, (c) => ESCAPES[c]!);

interface Mark {
  start: number;
  end: number;
  kind: 'quote' | 'closest';
}

/** The passage text with each marked span (code points, in order, not overlapping) in <mark>. */
function marked(text: string, marks: readonly Mark[]): string {
  const chars = [...text];
  let out = '';
  let at = 0;
  for (const m of marks) {
    if (m.start < at || m.end > chars.length || m.start >= m.end) continue;
    out += escapeHtml(chars.slice(at, m.start).join(''));
    out += `<mark class="${m.kind}">${escapeHtml(chars.slice(m.start, m.end).join(''))}</mark>`;
    at = m.end;
  }
  return out + escapeHtml(chars.slice(at).join(''));
}

function marksOf(c: AuditedCitation): Mark[] {
  const q = c.quote;
  if (q === null) return [];
  if (q.fragments.length > 0) return q.fragments.map((f) => ({ ...f, kind: 'quote' as const }));
  if (q.start !== null && q.end !== null) return [{ start: q.start, end: q.end, kind: 'quote' }];
  if (q.closest !== null) return [{ start: q.closest.start, end: q.closest.end, kind: 'closest' }];
  return [];
}

function citationHtml(c: AuditedCitation): string {
  const q = c.quote;
  const rows: [string, string | null][] = [
    ['code', c.code],
    ['detail', c.detail],
    ['cited chunk', c.chunk_id],
    ['resolved chunk', c.resolved_chunk_id === c.chunk_id ? null : c.resolved_chunk_id],
    ['kind', c.kind],
    ['at', c.path],
    [
      'quote',
      q === null
        ? null
        : `${q.status}${q.normalized.length > 0 ? ` (${q.normalized.join(', ')})` : ''}${q.detail === null ? '' : `, ${q.detail}`}${q.closest === null ? '' : `, closest passage similarity ${q.closest.similarity}`}`,
    ],
  ];
  const table = rows
    .filter((r): r is [string, string] => r[1] !== null)
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const passage =
    c.passage === null
      ? '<p class="none">No stored text: the citation names no chunk the store has.</p>'
      : `<p class="where">Stored text of ${escapeHtml(c.passage.chunk_id)} (${escapeHtml(c.passage.doc_id)}, rev ${escapeHtml(c.passage.rev ?? '?')}, [${c.passage.char_start}, ${c.passage.char_end}))</p><pre class="passage">${marked(c.passage.text, marksOf(c))}</pre>`;
  return `<section class="citation ${c.status}">
<h2>Citation ${c.index + 1}: <span class="status">${c.status}</span></h2>
<table>${table}</table>
${q === null ? '' : `<p>Quoted: <q>${escapeHtml(q.text)}</q></p>`}
${passage}
</section>`;
}

/** The answer with each claim a link, coloured by its verdict, to its section below. */
function answerWithClaims(report: AuditReport): string {
  const chars = [...report.answer_text];
  let out = '';
  let at = 0;
  for (const c of report.claims) {
    if (c.start < at || c.end > chars.length) continue;
    out += escapeHtml(chars.slice(at, c.start).join(''));
    out += `<a class="claim ${c.support}" href="#claim-${c.index + 1}" title="${c.support}">${escapeHtml(chars.slice(c.start, c.end).join(''))}</a>`;
    at = c.end;
  }
  return out + escapeHtml(chars.slice(at).join(''));
}

function claimHtml(c: AuditedClaim): string {
  const reasons = c.reasons
    .map((r) => {
      const passage =
        r.passage_text === null
          ? ''
          : `<p class="where">${escapeHtml(r.chunk_id ?? '')} [${r.passage_start}, ${r.passage_end})</p><pre class="passage"><mark class="${r.verdict}">${escapeHtml(r.passage_text)}</mark></pre>`;
      const claim =
        r.claim_text === null
          ? ''
          : `<p>Claim's words: <mark class="${r.verdict}">${escapeHtml(r.claim_text)}</mark></p>`;
      return `<li><b>${escapeHtml(r.code)}</b>: ${escapeHtml(r.message)}${claim}${passage}</li>`;
    })
    .join('');
  const cites =
    c.citations.length === 0
      ? 'no citation'
      : `citations ${c.citations.map((i) => i + 1).join(', ')}`;
  return `<section class="claim-report ${c.support}" id="claim-${c.index + 1}">
<h2>Claim ${c.index + 1}: <span class="status">${c.support}</span></h2>
<p><q>${escapeHtml(c.text)}</q> (${cites}${c.coverage === null ? '' : `, coverage ${c.coverage.toFixed(2)}`})</p>
${reasons === '' ? '' : `<ul>${reasons}</ul>`}
</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
pre{white-space:pre-wrap;background:#f6f6f4;padding:.75rem;border-radius:4px}
.citation{border-left:6px solid #999;padding:.25rem 1rem;margin:1.5rem 0}
.verified{border-color:#2e7d32}.repaired{border-color:#ed8c00}.unverified{border-color:#c62828}
.verified .status{color:#2e7d32}.repaired .status{color:#b36200}.unverified .status{color:#c62828}
mark.quote{background:#ffe066}mark.closest{background:#ffd0d0}
a.claim{color:inherit;text-decoration:none;border-bottom:3px solid #999}
a.claim.supported{border-color:#2e7d32}a.claim.contradicted{border-color:#c62828;background:#ffe5e5}
a.claim.unsupported{border-color:#ed8c00;background:#fff3e0}a.claim.uncited{border-color:#777;background:#eee}
.claim-report{border-left:6px solid #999;padding:.25rem 1rem;margin:1.5rem 0}
.claim-report.supported{border-color:#2e7d32}.claim-report.contradicted{border-color:#c62828}.claim-report.unsupported{border-color:#ed8c00}
mark.contradicted{background:#ffc9c9}mark.unsupported{background:#ffe0b2}
th{text-align:left;padding-right:1rem;vertical-align:top;font-weight:600}
.summary td{padding-right:1rem}`;

/**
 * The audit as one self-contained HTML page: the answer with each claim
 * marked by its verdict and linked to its reasons (the claim's words and
 * the passage's, marked), then each citation's verdict and the stored text it cites with the quote marked
 * (the closest passage, in another colour, when the quote was not found).
 * No script and no outside resource; every string from the answer or the
 * store is escaped.
 */
export function auditHtml(report: AuditReport, title: string): string {
  const s = report.summary;
  const k = report.claim_summary;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`cairn audit: ${title}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>cairn audit: ${escapeHtml(title)}</h1>
<p>Format ${escapeHtml(report.format)}: ${escapeHtml(report.schema)}</p>
<table class="summary"><tr><td>${s.citations} citations</td><td>${s.verified} verified</td><td>${s.repaired} repaired</td><td>${s.unverified} unverified</td></tr>
<tr><td>${k.claims} claims</td><td>${k.supported} supported</td><td>${k.contradicted} contradicted</td><td>${k.unsupported} unsupported</td><td>${k.uncited} uncited</td></tr></table>
<h2>Answer</h2>
<pre class="answer">${answerWithClaims(report)}</pre>
${report.claims.map(claimHtml).join('\n')}
${report.citations.map(citationHtml).join('\n')}
</body>
</html>
`;
}
