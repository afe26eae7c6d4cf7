import { CairnError } from '../errors.js';

/** The `--threshold <chars>` flag of the commands that parse JSON (seed 004 `chunk_threshold_chars`). */
export function jsonThreshold(flag: string | undefined): number {
  const threshold = Number(flag);
  if (!Number.isInteger(threshold) || threshold < 1) {
    throw new CairnError('invalid_option', `--threshold must be a positive integer, got "${flag}"`);
  }
  return threshold;
}
