import type { ChunkStore } from '../store/types.js';
import { answerResult } from './answer-result.js';
import type { StoreVerdict } from './citation-status.js';
import { createCiteLookups } from './cite-lookups.js';
import { inspectAnswer } from './inspect-answer.js';
import type {
  AnswerVerificationResult,
  CitationVerdict,
  SegmentCheck,
  VerifyAnswerOptions,
} from './types.js';
import { unverifiedIssue } from './unverified-issue.js';
import { verifyCitationList } from './verify-citation-list.js';

/**
 * `validateAnswer`, and each citation audited against the store as
 * `auditAnswer` audits cairn's answers (`verifyCitationList`): status `verified`, `redirected` or `unverified`
 * with its reason, and each unverified one a `citation_unverified` issue.
 * Writes nothing: `traceAnswer` records the result. Throws only what the
 * store throws, and `invalid_option` when an ID belongs to several chunkers
 * and none was chosen.
 */
export async function verifyAnswer(
  store: ChunkStore,
  answer: unknown,
  options: VerifyAnswerOptions = {},
): Promise<AnswerVerificationResult> {
  const inspection = inspectAnswer(answer, options);
  const bySegment = new Map<number, CitationVerdict[]>();
  for (const v of inspection.verdicts) {
    const list = bySegment.get(v.segment) ?? [];
    list.push(v);
    bySegment.set(v.segment, list);
  }
  const checked: SegmentCheck[] = [];
  const lookups = createCiteLookups(store);
  for (const { segment, citations } of inspection.lists) {
    const found = await verifyCitationList(lookups, citations, options);
    for (const [index, v] of (bySegment.get(segment) ?? []).entries()) {
      const storeVerdict = found[index]!;
      applyStoreVerdict(v, storeVerdict);
      const issue = unverifiedIssue(storeVerdict, {
        path: v.path,
        segment,
        index,
        snippet_id: v.snippet_id,
      });
      if (issue !== null) inspection.issues.push(issue);
    }
    checked.push({ segment, citations, verdicts: found });
  }
  inspection.issues.sort(
    (a, b) => (a.segment ?? -1) - (b.segment ?? -1) || (a.index ?? -1) - (b.index ?? -1),
  );
  return { ...answerResult(inspection), checked_segments: checked, measured: inspection.measured };
}

function applyStoreVerdict(v: CitationVerdict, found: StoreVerdict): void {
  v.status = found.status;
  v.reason = found.reason;
  v.detail = found.detail;
  v.resolved_snippet_id = found.resolved_snippet_id;
  v.hops = found.hops;
  v.warnings = found.warnings;
}
