import { describe, expect, it } from 'vitest';
import { readSnapshotFacts } from './read-snapshot-facts.js';

describe('readSnapshotFacts', () => {
  it('reads the title number of the eCFR export and no date it does not state', () => {
    const text =
      '---\ntitle: CHAPTER VII—BUREAU\nchapter: VII\ntitle_number: 15\n---\n\nCHAPTER VII';
    expect(readSnapshotFacts(text)).toEqual({ date: null, title_number: 15 });
  });

  it('reads a date under the keys a snapshot may use', () => {
    expect(readSnapshotFacts('---\nup_to_date_as_of: "2025-12-31"\n---\n').date).toBe('2025-12-31');
    expect(readSnapshotFacts('\ufeff---\r\ndate: 2024-02-29T00:00:00Z\r\n---\r\n').date).toBe(
      '2024-02-29',
    );
    expect(
      readSnapshotFacts("---\ndate: '2025-12-31' # the day\nsnapshot_date: 2025-01-02\n---\n").date,
    ).toBe('2025-01-02');
  });

  it('ignores what is no date and text that is no front matter', () => {
    expect(readSnapshotFacts('---\ndate: 2025-02-30\n---\n').date).toBeNull();
    expect(readSnapshotFacts('---\ndate: yesterday\n---\n').date).toBeNull();
    expect(readSnapshotFacts('# date: 2025-12-31\n')).toEqual({ date: null, title_number: null });
    expect(readSnapshotFacts('text\n---\ndate: 2025-12-31\n---\n').date).toBeNull();
  });
});
