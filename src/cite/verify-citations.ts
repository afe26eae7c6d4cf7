import type { ChunkStore } from '../store/types.js';
import { checkCitationPayload } from './check-citation-payload.js';
import { pointerToken } from './cite-issue.js';
import { createCiteLookups } from './cite-lookups.js';
import type { CitationVerificationResult, VerifyCitationsOptions } from './types.js';
import { unverifiedIssue } from './unverified-issue.js';
import { verifyCitationList } from './verify-citation-list.js';

/**
 * `validateCitations`, and each citation of the payload audited against the
 * store as a cairn answer's is (`verifyCitationList`): its verdict, in order, and for each one the
 * store does not back a `citation_unverified` issue beside the payload's
 * own. Throws only what the store throws, and `invalid_option` when an ID
 * belongs to several chunkers and none was chosen.
 */
export async function verifyCitations(
  store: ChunkStore,
  input: unknown,
  options: VerifyCitationsOptions = {},
): Promise<CitationVerificationResult> {
  const checked = checkCitationPayload(input, options);
  const verdicts = await verifyCitationList(createCiteLookups(store), checked.list, options);
  const issues = checked.result.ok ? [] : [...checked.result.issues];
  for (const [index, verdict] of verdicts.entries()) {
    const snippet = checked.list[index];
    const id =
      typeof snippet === 'object' && snippet !== null && 'snippet_id' in snippet
        ? snippet.snippet_id
        : null;
    const issue = unverifiedIssue(verdict, {
      path: `${checked.path}${pointerToken(index)}`,
      segment: null,
      index,
      snippet_id: typeof id === 'string' ? id : null,
    });
    if (issue !== null) issues.push(issue);
  }
  issues.sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
  return issues.length === 0
    ? { ok: true, citations: verdicts }
    : { ok: false, issues, citations: verdicts };
}
