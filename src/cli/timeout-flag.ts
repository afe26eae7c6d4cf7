import { integerFlag } from './integer-flag.js';

/**
 * Seconds one file may take to parse and chunk in `parse`, `chunk` and
 * `ingest` before it fails with `parse_timeout` (its worker is replaced). A
 * bound, not an estimate: the slowest input known (wide GFM tables, about
 * 25-80 KB/s in micromark) would otherwise run for minutes.
 */
export const DEFAULT_TIMEOUT_SECONDS = 120;

export const TIMEOUT_FLAG_HELP = `seconds one file may take to parse and chunk before parse_timeout (default ${DEFAULT_TIMEOUT_SECONDS})`;

/** `--timeout <seconds>` in milliseconds; `invalid_option` unless a whole number from 1 to a day. */
export function timeoutFlag(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS * 1000;
  return (
    integerFlag('--timeout', value, {
      max: 86_400,
      expected: 'a whole number of seconds from 1 to 86400',
      digits_only: true,
    }) * 1000
  );
}
