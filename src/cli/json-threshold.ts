import { integerFlag } from './integer-flag.js';

/** The `--threshold <chars>` flag of the commands that parse JSON (seed 004 `chunk_threshold_chars`). */
export function jsonThreshold(flag: string | undefined): number {
  return integerFlag('--threshold', flag);
}
