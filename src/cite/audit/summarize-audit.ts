import type { AuditedCitation, AuditSummary } from './types.js';

/** Counts of an audit's citations by status, code and quote status. */
export function summarizeAudit(citations: readonly AuditedCitation[]): AuditSummary {
  const summary: AuditSummary = {
    citations: citations.length,
    verified: 0,
    repaired: 0,
    unverified: 0,
    codes: {},
    quotes: {},
  };
  for (const c of citations) {
    summary[c.status]++;
    summary.codes[c.code] = (summary.codes[c.code] ?? 0) + 1;
    if (c.quote !== null)
      summary.quotes[c.quote.status] = (summary.quotes[c.quote.status] ?? 0) + 1;
  }
  return summary;
}
