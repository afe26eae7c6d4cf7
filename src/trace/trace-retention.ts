import { CairnError } from '../errors.js';
import type { TraceRetention } from '../store/trace-store.js';

/** What a store keeps unless told otherwise: the newest 10,000 trace rows. */
export const DEFAULT_TRACE_RETENTION: TraceRetention = { rows: 10_000 };

/**
 * `--keep-traces`: a whole number of rows (`5000`), or of days with a `d`
 * (`30d`). Anything else is `invalid_option`.
 */
export function parseTraceRetention(value: string, flag = '--keep-traces'): TraceRetention {
  const match = /^\s*(\d{1,9})\s*(d|days?)?\s*$/i.exec(value);
  if (match === null) {
    throw new CairnError(
      'invalid_option',
      `${flag} must be a number of rows (10000) or of days (30d), got ${JSON.stringify(value)}`,
      { details: { flag, value } },
    );
  }
  const n = Number(match[1]);
  return match[2] === undefined ? { rows: n } : { days: n };
}

/** How a retention reads in messages: `10000 rows`, `30 days`. */
export function describeRetention(retention: TraceRetention): string {
  return 'rows' in retention ? `${retention.rows} rows` : `${retention.days} days`;
}
