import { CairnError } from '../errors.js';

export interface RevEntry {
  doc_uid: string;
  /** Full revision hash (sha1 hex of the normalized text, `CairnDocument.rev`). */
  rev: string;
}

export interface RevLengthChoice extends RevEntry {
  /** How many hex digits of `rev` go into `r=`: 8, or more when the first 8 collide. */
  rev_length: number;
  /** Set when `rev_length` is over 8: what collided, for the log. */
  warning: string | null;
}

/**
 * The seed's collision policy: when two different revisions of one
 * doc_uid in a corpus share their first 8 hex digits, `doc_uid|r=` would
 * no longer tell them apart, so both use 12 (then 16, ... up to 40) and a
 * warning says so. Depends only on the set of entries, not their order.
 */
export function chooseRevLengths(entries: Iterable<RevEntry>): RevLengthChoice[] {
  const list = [...entries];
  const byDoc = new Map<string, Set<string>>();
  for (const { doc_uid, rev } of list) {
    if (!/^[0-9a-f]{8,}$/.test(rev)) {
      throw new CairnError(
        'invalid_option',
        `rev of ${doc_uid} must be lower-case hex, received "${rev}"`,
      );
    }
    const revs = byDoc.get(doc_uid);
    if (revs) revs.add(rev);
    else byDoc.set(doc_uid, new Set([rev]));
  }
  const lengths = new Map<string, { length: number; neighbour: string | null }>();
  for (const [doc_uid, revs] of byDoc) {
    const sorted = [...revs].sort();
    sorted.forEach((rev, k) => {
      // The longest prefix shared with any other rev is shared with a sorted neighbour.
      const shared = Math.max(commonPrefix(rev, sorted[k - 1]), commonPrefix(rev, sorted[k + 1]));
      let length = 8;
      while (length <= shared && length < 40) length += 4;
      const neighbour =
        shared >= 8
          ? commonPrefix(rev, sorted[k - 1]) === shared
            ? sorted[k - 1]!
            : sorted[k + 1]!
          : null;
      lengths.set(key(doc_uid, rev), { length: Math.min(length, rev.length), neighbour });
    });
  }
  return list.map(({ doc_uid, rev }) => {
    const { length, neighbour } = lengths.get(key(doc_uid, rev))!;
    return {
      doc_uid,
      rev,
      rev_length: length,
      warning:
        neighbour === null
          ? null
          : `doc_uid ${doc_uid}: revisions ${rev} and ${neighbour} share r=${rev.slice(0, 8)}; using ${length} hex digits`,
    };
  });
}

function commonPrefix(a: string, b: string | undefined): number {
  if (b === undefined) return 0;
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
}

function key(docUid: string, rev: string): string {
  return `${docUid}\u0000${rev}`;
}
