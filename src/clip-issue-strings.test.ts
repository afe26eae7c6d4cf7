import { describe, expect, it } from 'vitest';
import { clipIssueStrings, clipString } from './clip-issue-strings.js';

describe('clipString', () => {
  it('keeps short strings and cuts long ones with an ellipsis', () => {
    expect(clipString('abc', 3)).toBe('abc');
    expect(clipString('abcd', 3)).toBe('abc…');
  });

  it('never splits a surrogate pair', () => {
    expect(clipString('ab😀cd', 3)).toBe('ab…');
    expect(clipString('ab😀cd', 4)).toBe('ab😀…');
  });
});

describe('clipIssueStrings', () => {
  it('clips strings and strings in arrays, and leaves other fields alone', () => {
    const clipped = clipIssueStrings(
      { code: 'x', value: 'abcd', expected: ['abcd', 'a'], line: 7 },
      3,
    );
    expect(clipped).toEqual({ code: 'x', value: 'abc…', expected: ['abc…', 'a'], line: 7 });
  });
});
