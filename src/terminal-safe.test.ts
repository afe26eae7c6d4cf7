import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-safe.js';

describe('terminalSafe', () => {
  it('escapes terminal controls and bidi overrides, keeps tab, line feed and other text', () => {
    expect(terminalSafe('a\x1b]0;pwned\x07b\rc\x9bd\u202ee\tf\ng é')).toBe(
      'a\\u001b]0;pwned\\u0007b\\u000dc\\u009bd\\u202ee\tf\ng é',
    );
  });
});
