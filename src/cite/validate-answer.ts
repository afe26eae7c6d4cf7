import { answerResult, inspectAnswer } from './inspect-answer.js';
import type { AnswerValidationOptions, AnswerValidationResult } from './types.js';

/**
 * Checks an LLM's auditable answer (seed 001, "Auditable answer format"):
 * either the seed's `{citations, answer, ΔS, λ}` (one segment), or
 * `{segments: [{citations, text}], ΔS, λ}`. Each segment cites before it
 * explains (the `citations` key precedes the text), and its citations pass
 * `validateCitations` with the prompt contract's five required fields
 * (`profile: 'answer'` unless given) and one section per segment; the
 * revision lock spans all segments. Every citation is `unverified` with
 * `not_checked_against_store` (`invalid_citation` when it broke a rule):
 * `verifyAnswer` checks them against a store. Synchronous, and never
 * throws: what is wrong is an issue.
 */
export function validateAnswer(
  answer: unknown,
  options: AnswerValidationOptions = {},
): AnswerValidationResult {
  return answerResult(inspectAnswer(answer, options));
}
