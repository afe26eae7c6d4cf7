import { describe, expect, it } from 'vitest';
import { integerFlag, nonNegativeInteger, positiveInteger } from './integer-flag.js';

const refusal = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  return 'taken';
};

describe('integerFlag', () => {
  it('takes a whole number in [min, max], from 1 with no upper bound unless told', () => {
    expect(integerFlag('-k', '5')).toBe(5);
    expect(integerFlag('--port', '0', { min: 0, max: 65535 })).toBe(0);
    expect(refusal(() => integerFlag('-k', '0'))).toEqual({
      code: 'invalid_option',
      message: '-k must be a positive integer, got "0"',
    });
    expect(
      refusal(() => integerFlag('--port', '65536', { min: 0, max: 65535, expected: '0 to 65535' })),
    ).toEqual({
      code: 'invalid_option',
      message: '--port must be 0 to 65535, got "65536"',
    });
    expect(refusal(() => integerFlag('-k', '1.5'))).not.toBe('taken');
    expect(refusal(() => integerFlag('--threshold', undefined))).toMatchObject({
      message: '--threshold must be a positive integer, got "undefined"',
    });
  });

  it('reads as Number() does, unless told to take digits only or to refuse a blank', () => {
    expect(integerFlag('-k', '0x10')).toBe(16);
    expect(refusal(() => integerFlag('-k', '0x10', { digits_only: true }))).not.toBe('taken');
    expect(integerFlag('--workers', '', { min: 0 })).toBe(0);
    expect(
      refusal(() => integerFlag('--context', ' ', { min: 0, refuse_blank: true })),
    ).toMatchObject({ message: '--context must be a positive integer, got " "' });
  });

  it('positiveInteger and nonNegativeInteger refuse what a double cannot hold exactly', () => {
    expect(positiveInteger('--max-issues', '1000')).toBe(1000);
    expect(nonNegativeInteger('--max-bytes', '0')).toBe(0);
    expect(refusal(() => nonNegativeInteger('--max-bytes', '-1'))).toMatchObject({
      message: '--max-bytes must be a non-negative integer, got "-1"',
    });
    expect(refusal(() => positiveInteger('--max-issues', '1e16'))).not.toBe('taken');
    expect(integerFlag('--threshold', '1e16')).toBe(1e16);
  });
});
