import type { GoldDocRef } from './gold-set.js';

export type DocMatch =
  | { status: 'found'; doc: GoldDocRef }
  | { status: 'unknown' }
  | { status: 'ambiguous'; candidates: GoldDocRef[] };

/** `./a/b.md` and `a\b.md` as `a/b.md`: the path's segments, compared on `/` boundaries. */
function segments(path: string): string[] {
  return path
    .replaceAll('\\', '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.');
}

/** Whether the shorter of two paths is the tail of the longer, on whole segments. */
function tailMatch(a: string[], b: string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return false;
  const offset = long.length - short.length;
  return short.every((s, i) => s === long[offset + i]);
}

/**
 * The stored document a gold line's `doc` names: the one whose source path
 * is exactly `label`, else whose doc_uid is `label`, else the one whose
 * source path and `label` end alike on `/` boundaries (one is the other's
 * tail), so that `rustbook/ch04-01-what-is-ownership.md` finds
 * `../shared/corpora/rustbook/ch04-01-what-is-ownership.md` however the
 * folder was ingested. Several tail matches are ambiguous, none unknown.
 */
export function matchGoldDoc(label: string, refs: readonly GoldDocRef[]): DocMatch {
  const exact = refs.find((ref) => ref.source_url === label);
  if (exact) return { status: 'found', doc: exact };
  const byUid = refs.find((ref) => ref.doc_uid === label);
  if (byUid) return { status: 'found', doc: byUid };
  const wanted = segments(label);
  const tails = refs.filter((ref) => tailMatch(wanted, segments(ref.source_url)));
  if (tails.length === 1) return { status: 'found', doc: tails[0]! };
  return tails.length === 0 ? { status: 'unknown' } : { status: 'ambiguous', candidates: tails };
}
