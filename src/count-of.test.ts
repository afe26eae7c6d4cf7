import { describe, expect, test } from 'vitest';
import { countOf } from './count-of.js';

describe('countOf', () => {
  test('one is singular; none and many are plural', () => {
    expect(countOf(1, 'issue')).toBe('1 issue');
    expect(countOf(0, 'issue')).toBe('0 issues');
    expect(countOf(2, 'citation')).toBe('2 citations');
  });
});
