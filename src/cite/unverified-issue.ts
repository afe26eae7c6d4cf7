import type { StoreVerdict } from './citation-status.js';
import { type CiteIssueLocation, citeIssue } from './cite-issue.js';

/**
 * The issue for a store verdict that does not back its citation; null when
 * the store backs it (verified or redirected). An index the store's
 * manifests do not back is the seed's own code (`mismatch_index_hash`,
 * `analyzer_mismatch`) or `embed_model_mismatch`, at the field; anything
 * else is `citation_unverified` with the reason.
 */
export function unverifiedIssue(verdict: StoreVerdict, at: CiteIssueLocation) {
  if (verdict.status !== 'unverified' || verdict.reason === null) return null;
  const mismatch = verdict.index_mismatch;
  if (mismatch !== undefined) {
    const fieldAt = { ...at, path: `${at.path}/${mismatch.field}` };
    const { expected, received } = mismatch;
    switch (verdict.reason) {
      case 'mismatch_index_hash':
        return citeIssue(
          { code: 'mismatch_index_hash', field: 'index_hash', expected, received },
          fieldAt,
        );
      case 'analyzer_mismatch':
        return citeIssue(
          { code: 'analyzer_mismatch', field: 'analyzer', expected, received },
          fieldAt,
        );
      case 'embed_model_mismatch':
        return citeIssue(
          { code: 'embed_model_mismatch', field: 'embed_model', expected, received },
          fieldAt,
        );
    }
  }
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
