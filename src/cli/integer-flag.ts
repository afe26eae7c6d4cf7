import { CairnError } from '../errors.js';

/** A flag's value as a whole number from 1; else `invalid_option` naming the flag. */
export function positiveInteger(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new CairnError('invalid_option', `${flag} must be a positive integer, got "${value}"`);
  }
  return n;
}

/** A flag's value as a whole number from 0; else `invalid_option` naming the flag. */
export function nonNegativeInteger(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new CairnError(
      'invalid_option',
      `${flag} must be a non-negative integer, got "${value}"`,
    );
  }
  return n;
}
