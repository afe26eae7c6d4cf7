import type { AnswerInspection } from './inspect-answer.js';
import type { AnswerValidationResult } from './types.js';

/**
 * The inspection as a result. A citation that broke a payload rule is
 * `unverified` with `invalid_citation`, unless the store found it wrong
 * itself: a store finding says more than "see the payload issues", while a
 * payload issue spoils a store pass.
 */
export function answerResult(inspection: AnswerInspection): AnswerValidationResult {
  const { issues, verdicts, segments } = inspection;
  const broken = new Set(
    issues.filter((i) => i.code !== 'citation_unverified').map((i) => `${i.segment}/${i.index}`),
  );
  for (const v of verdicts) {
    if (!broken.has(`${v.segment}/${v.index}`)) continue;
    if (v.status !== 'unverified' || v.reason === 'not_checked_against_store') {
      v.status = 'unverified';
      v.reason = 'invalid_citation';
    }
  }
  return issues.length === 0
    ? { ok: true, segments, citations: verdicts }
    : { ok: false, issues, segments, citations: verdicts };
}
