import type { StoreVerdict } from './citation-status.js';
import { type CiteIssueLocation, citeIssue } from './cite-issue.js';

/**
 * The `citation_unverified` issue for a store verdict that does not back its
 * citation; null when the store backs it (verified or redirected).
 */
export function unverifiedIssue(verdict: StoreVerdict, at: CiteIssueLocation) {
  if (verdict.status !== 'unverified' || verdict.reason === null) return null;
  return citeIssue(
    {
      code: 'citation_unverified',
      status: verdict.status,
      reason: verdict.reason,
      detail: verdict.detail ?? verdict.reason,
    },
    at,
  );
}
