import type { CitationIssueBody } from './cite-issue.js';

export interface RevLockEntry {
  /** The citation's index within its list. */
  index: number;
  doc: string | null;
  rev: string | null;
}

/**
 * Seed rule 7, revision lock: every citation of one document names one rev,
 * the caller's when `revs` gives one for the document, else the first cited.
 * Returns the issues with the position in `entries` they belong to.
 */
export function checkRevLock(
  entries: readonly RevLockEntry[],
  revs: Readonly<Record<string, string>> = {},
): { at: number; issue: CitationIssueBody }[] {
  const found: { at: number; issue: CitationIssueBody }[] = [];
  const first = new Map<string, { rev: string; index: number | null }>();
  for (const [at, entry] of entries.entries()) {
    if (entry.doc === null || entry.rev === null) continue;
    let expected = first.get(entry.doc);
    if (!expected) {
      const given = Object.hasOwn(revs, entry.doc) ? revs[entry.doc] : undefined;
      expected =
        typeof given === 'string'
          ? { rev: given, index: null }
          : { rev: entry.rev, index: entry.index };
      first.set(entry.doc, expected);
    }
    if (entry.rev !== expected.rev) {
      found.push({
        at,
        issue: {
          code: 'rev_mismatch',
          field: 'rev',
          doc: entry.doc,
          expected: expected.rev,
          received: entry.rev,
          first_index: expected.index,
        },
      });
    }
  }
  return found;
}
