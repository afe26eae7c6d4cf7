import { CairnError } from '../../errors.js';
import type { AuditReport } from './types.js';

/** What can fail an audit: a citation's status, or a claim's verdict. */
export const FAIL_ON = [
  'unverified',
  'repaired',
  'contradicted',
  'unsupported',
  'uncited',
] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** `--fail-on unsupported,contradicted` as a list, refusing what is not a status or verdict. */
export function parseFailOn(value: string): FailOn[] {
  const names = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const unknown = names.filter((n) => !(FAIL_ON as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new CairnError(
      'invalid_option',
      `--fail-on takes a comma-separated list of ${FAIL_ON.join(', ')}; got ${JSON.stringify(value)}`,
    );
  return names as FailOn[];
}

/**
 * Whether the audit fails under `failOn` (by default every status and
 * verdict but verified and supported): an answer with no citation fails
 * whenever unverified citations do, since nothing in it was checked.
 */
export function auditFails(report: AuditReport, failOn: readonly FailOn[] = FAIL_ON): boolean {
  const fails = new Set<string>(failOn);
  if (report.citations.length === 0 && fails.has('unverified')) return true;
  return (
    report.citations.some((c) => fails.has(c.status)) ||
    report.claims.some((c) => fails.has(c.support))
  );
}
