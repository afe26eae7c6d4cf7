import { describe, expect, it } from 'vitest';
import { isCairnError } from '../errors.js';
import { formatSourceRef, isIsoDate } from './format-source-ref.js';

const SHA = 'ab'.repeat(32);

describe('formatSourceRef', () => {
  it('names the snapshot by date and sha256, as seed 003 shows', () => {
    expect(formatSourceRef({ sha256: SHA, date: '2025-12-31' })).toBe(
      `ecfr-2025-12-31-sha256:${SHA}`,
    );
    expect(formatSourceRef({ sha256: SHA })).toBe(`ecfr-sha256:${SHA}`);
  });

  it('refuses a date that is not a calendar date', () => {
    for (const date of ['2025-13-01', '2025-02-29', '31/12/2025', '2025-1-1']) {
      let thrown: unknown = null;
      try {
        formatSourceRef({ sha256: SHA, date });
      } catch (error) {
        thrown = error;
      }
      expect(isCairnError(thrown, 'invalid_option')).toBe(true);
    }
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
});
