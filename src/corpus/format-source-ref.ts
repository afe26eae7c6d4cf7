import { CairnError } from '../errors.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * The `source_ref` of an eCFR snapshot: `ecfr-<date>-sha256:<hex>` (seed 003's
 * example), or `ecfr-sha256:<hex>` when the snapshot's date is unknown. Built
 * from the source file alone, never from the clock, so that the same file
 * gives the same corpus.
 */
export function formatSourceRef(snapshot: { sha256: string; date?: string | null }): string {
  if (!/^[0-9a-f]{64}$/.test(snapshot.sha256)) {
    throw new CairnError('internal_invariant', `Not a sha256 hex digest: "${snapshot.sha256}"`);
  }
  const date = snapshot.date ?? null;
  if (date === null) return `ecfr-sha256:${snapshot.sha256}`;
  if (!isIsoDate(date)) {
    throw new CairnError('invalid_option', `Snapshot date must be YYYY-MM-DD, got "${date}"`);
  }
  return `ecfr-${date}-sha256:${snapshot.sha256}`;
}
