import { describe, expect, it } from 'vitest';
import { cpuMs } from '../../test/support/cpu-time.js';
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

  it('reads a front matter line of 40,000 blanks in linear time', () => {
    // a regex backtracking over blanks takes minutes on a 10 kB line: `cairn export corpus` hangs
    const blanks = ' \t'.repeat(20_000);
    const started = cpuMs();
    expect(readSnapshotFacts(`---\ndate: ${blanks}''x\ntitle_number: 15\n---\n`)).toEqual({
      date: null,
      title_number: 15,
    });
    expect(readSnapshotFacts(`---\ndate: 2025-12-31${blanks}# note\n---\n`).date).toBe(
      '2025-12-31',
    );
    expect(readSnapshotFacts(`---\ndate: a${blanks.repeat(4)}b\n---\n`).date).toBeNull();
    // CPU time, not the wall clock: linear work is milliseconds, backtracking over the blanks minutes
    expect(cpuMs() - started).toBeLessThan(1000);
  });

  it('reads quoted values and drops comments, as before', () => {
    const facts = (line: string) => readSnapshotFacts(`---\n${line}\n---\n`).date;
    expect(facts(`date:  "2025-12-31"  # c`)).toBe('2025-12-31');
    expect(facts(`date:'2025-12-31'`)).toBe('2025-12-31');
    expect(facts(`date: 2025-12-31#c`)).toBe('2025-12-31');
    expect(facts(`date: 2025-'12-31`)).toBeNull();
    expect(facts(`Date: 2025-12-31`)).toBe('2025-12-31');
    expect(facts(`2date: 2025-12-31`)).toBeNull();
  });
});
