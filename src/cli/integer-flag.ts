import { CairnError } from '../errors.js';

export interface IntegerFlagOptions {
  /** The smallest value taken; 1 unless given. */
  min?: number;
  /** The largest value taken; no bound unless given. */
  max?: number;
  /** What the refusal says the value must be; "a positive integer" unless given. */
  expected?: string;
  /** Digits only: Number() alone reads 0x10 as 16 and 1e1 as 10. */
  digits_only?: boolean;
  /** Refuse a blank value, which Number() reads as 0. */
  refuse_blank?: boolean;
}

/** A flag's value as a whole number in `[min, max]`; else `invalid_option` naming the flag and the value given. */
export function integerFlag(
  flag: string,
  value: string | undefined,
  options: IntegerFlagOptions = {},
): number {
  const { min = 1, max = Number.POSITIVE_INFINITY, expected = 'a positive integer' } = options;
  const refused =
    (options.digits_only === true && !/^\d+$/.test(value ?? '')) ||
    (options.refuse_blank === true && value?.trim() === '');
  const n = refused ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new CairnError('invalid_option', `${flag} must be ${expected}, got "${value}"`);
  }
  return n;
}

/** A flag's value as a whole number from 1 that a double holds exactly. */
export function positiveInteger(flag: string, value: string): number {
  return integerFlag(flag, value, { max: Number.MAX_SAFE_INTEGER });
}

/** A flag's value as a whole number from 0 that a double holds exactly. */
export function nonNegativeInteger(flag: string, value: string): number {
  return integerFlag(flag, value, {
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    expected: 'a non-negative integer',
  });
}
