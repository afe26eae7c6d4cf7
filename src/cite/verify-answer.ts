import type { ChunkStore } from '../store/types.js';
import { createCiteLookups } from './cite-lookups.js';
import { answerResult, inspectAnswer } from './inspect-answer.js';
import type { AnswerVerificationResult, SegmentCheck, VerifyAnswerOptions } from './types.js';
import { unverifiedIssue } from './unverified-issue.js';
import { verifyCitationList } from './verify-citation-list.js';

/**
 * `validateAnswer`, and each citation audited against the store as
 * `auditAnswer` audits cairn's answers (`verifyCitationList`): status
 * `verified`, `redirected` or `unverified` with its reason, and each
 * unverified one a `citation_unverified` issue. Writes nothing:
 * `traceAnswer` records the result. Throws only what the store throws, and
 * `invalid_option` when an ID belongs to several chunkers and none was
 * chosen.
 */
export async function verifyAnswer(
  store: ChunkStore,
  answer: unknown,
  options: VerifyAnswerOptions = {},
): Promise<AnswerVerificationResult> {
  const inspection = inspectAnswer(answer, options);
  const lookups = createCiteLookups(store);
  const checked: SegmentCheck[] = [];
  for (const { segment, citations } of inspection.lists)
    checked.push({
      segment,
      citations,
      verdicts: await verifyCitationList(lookups, citations, options),
    });
  const bySegment = new Map(checked.map((c) => [c.segment, c.verdicts]));
  for (const v of inspection.verdicts) {
    const found = bySegment.get(v.segment)![v.index]!;
    const { status, reason, detail, resolved_snippet_id, hops, warnings } = found;
    Object.assign(v, { status, reason, detail, resolved_snippet_id, hops, warnings });
    const issue = unverifiedIssue(found, {
      path: v.path,
      segment: v.segment,
      index: v.index,
      snippet_id: v.snippet_id,
    });
    if (issue !== null) inspection.issues.push(issue);
  }
  inspection.issues.sort(
    (a, b) => (a.segment ?? -1) - (b.segment ?? -1) || (a.index ?? -1) - (b.index ?? -1),
  );
  return { ...answerResult(inspection), checked_segments: checked, measured: inspection.measured };
}
