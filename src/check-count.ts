import { CairnError } from './errors.js';

/** Refuses a numeric limit that is not an integer in `[min, max]` (NaN, 1.5, -1, Infinity). */
export function checkCount(
  option: string,
  value: number,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new CairnError(
      'invalid_option',
      `${option} must be an integer from ${min} to ${max}, received ${value}`,
      { details: { option, received: value } },
    );
  }
}
