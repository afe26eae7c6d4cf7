import { checkCoverage, coverageOf } from './check-coverage.js';
import { checkNames } from './check-names.js';
import { checkPolarity } from './check-polarity.js';
import { checkQuantities } from './check-quantities.js';
import { checkRoles } from './check-roles.js';
import { checkScope } from './check-scope.js';
import { checkSwaps } from './check-swaps.js';
import { reasonOf } from './claim-reason.js';
import type { ClaimInput, ClaimReason, ClaimSupport } from './types.js';

export interface ClaimJudgement {
  support: Exclude<ClaimSupport, 'uncited'>;
  reasons: ClaimReason[];
  coverage: number | null;
}

/** The deterministic checks, each its own module, in the order their reasons are listed. */
const CHECKS = [checkQuantities, checkPolarity, checkScope, checkNames, checkRoles, checkSwaps];

/**
 * A cited claim against its passages: contradicted when any check finds a
 * value or a polarity the passages state otherwise, unsupported when any
 * finds something the passages do not state or too few of its words are
 * in them, supported only when every check passes. Pure.
 */
export function judgeClaim(input: ClaimInput): ClaimJudgement {
  if (input.passages.length === 0)
    return {
      support: 'unsupported',
      coverage: null,
      reasons: [
        reasonOf(input, {
          check: 'evidence',
          code: 'no_passage',
          verdict: 'unsupported',
          message: "none of the claim's citations names a stored passage",
        }),
      ],
    };
  const coverage = coverageOf(input);
  const reasons = [...CHECKS.flatMap((check) => check(input)), ...checkCoverage(input, coverage)];
  const support = reasons.some((r) => r.verdict === 'contradicted')
    ? 'contradicted'
    : reasons.length > 0
      ? 'unsupported'
      : 'supported';
  return { support, reasons, coverage: coverage.share };
}
