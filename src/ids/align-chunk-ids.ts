import { CairnError } from '../errors.js';
import type { CairnDocument } from '../types.js';
import { type ChunkFingerprint, containment, fingerprintChunk } from './chunk-fingerprint.js';
import { compareChunkIds } from './compare-chunk-ids.js';
import { fillInsertedIds } from './insert-chunk-ids.js';
import { type ChunkMatch, type MatchOptions, matchChunks } from './match-chunks.js';
import { type ChunkAnchor, mintChunkIds } from './mint-chunk-ids.js';
import { parseChunkId } from './parse-chunk-id.js';

export type ChangeKind = 'none' | 'minor' | 'major';
export type RedirectKind = 'moved' | 'split' | 'merged' | 'deleted';

export interface ChunkRedirect {
  /** An ID of the previous version that no longer names a live chunk. */
  from: string;
  /** The live chunk to send it to. */
  to: string;
  kind: RedirectKind;
}

export interface PreviousChunk {
  chunk_id: string;
  text: string;
}

export interface AlignableChunk extends ChunkAnchor {
  text: string;
}

export interface AlignOptions extends MatchOptions {
  /**
   * Least share of the previous chunks that must keep their place (matched
   * in order, equal or edited) for the change to be minor. Default 0.5.
   */
  minor_survival?: number;
  /** Hex digits of `doc.rev` for the `r=` of a major change (default 8; see `chooseRevLengths`). */
  rev_length?: number;
  /** IDs used by earlier versions of the lineage that must never name a new chunk. */
  retired_ids?: Iterable<string>;
}

export interface AlignmentStats {
  previous: number;
  current: number;
  /** Previous chunks matched in reading order (keep their ID in a minor change). */
  kept: number;
  /** Of those, the ones whose normalized text changed. */
  edited: number;
  moved: number;
  split: number;
  merged: number;
  deleted: number;
  /** New chunks that got a new ID. */
  inserted: number;
  /** `kept / previous`, the share the minor/major rule looks at. */
  survival: number;
}

export interface AlignmentResult {
  /** The new version's chunk IDs, in chunk order. */
  ids: string[];
  /** Old IDs that are not live any more, each to one live chunk, in the previous version's order. */
  redirects: ChunkRedirect[];
  change: ChangeKind;
  /** The `r=` the IDs carry: the previous one unless the change is major. */
  lineage_rev: string;
  /** The exact current revision (`doc.rev`), what a citation payload's `rev` names. */
  rev: string;
  stats: AlignmentStats;
}

/**
 * Re-ingest of a document whose previous version had IDs. Chunks are
 * aligned by content (exact text, then similar text in order, then moved
 * text; see match-chunks.ts). Minor change (at least `minor_survival` of the
 * previous chunks matched in order): `r=` and the ID of every chunk matched
 * in order stay; new and moved chunks get IDs that sort between their
 * neighbours; old IDs that are not live any more redirect. Major change: a
 * new `r=` from `doc.rev`, fresh IDs, and every old ID redirects to the
 * chunk it was matched with, or to its nearest survivor. Identical input
 * gives change `none`: the same IDs, no redirects. Pure and deterministic.
 */
export function alignChunkIds(
  previous: readonly PreviousChunk[],
  doc: CairnDocument,
  chunks: readonly AlignableChunk[],
  options: AlignOptions = {},
): AlignmentResult {
  const lineage = previousLineage(previous, doc);
  const before = previous.map((chunk) => fingerprintChunk(chunk.text));
  const after = chunks.map((chunk) => fingerprintChunk(chunk.text));
  const oldIds = previous.map((chunk) => chunk.chunk_id);

  if (lineage === null) {
    // Nothing to align with: a first version.
    const ids = mintChunkIds(doc, chunks, { rev_length: options.rev_length ?? 8 });
    const lineage_rev =
      ids.length > 0 ? parseChunkId(ids[0]!).rev : doc.rev.slice(0, options.rev_length ?? 8);
    return {
      ids,
      redirects: [],
      change: chunks.length === 0 ? 'none' : 'major',
      lineage_rev,
      rev: doc.rev,
      stats: emptyStats(0, chunks.length),
    };
  }

  const { chain, moved } = keepOrder(matchChunks(before, after, options), oldIds);
  const survival = chain.length / previous.length;
  const identical =
    previous.length === chunks.length &&
    chain.length === chunks.length &&
    chain.every((m) => m.kind === 'same');
  const change: ChangeKind = identical
    ? 'none'
    : survival >= (options.minor_survival ?? 0.5)
      ? 'minor'
      : 'major';

  let ids: string[];
  let lineageRev = lineage;
  if (change === 'major') {
    let length = options.rev_length ?? 8;
    // A new lineage must not reuse the old `r=`, or fresh IDs could name retired ones.
    while (doc.rev.slice(0, length) === lineage && length < doc.rev.length) length += 4;
    lineageRev = doc.rev.slice(0, length);
    ids = mintChunkIds(doc, chunks, { rev: lineageRev });
  } else {
    const slots: (string | null)[] = chunks.map(() => null);
    for (const match of chain) slots[match.after] = oldIds[match.before]!;
    const taken = new Set([...oldIds, ...(options.retired_ids ?? [])]);
    ids = fillInsertedIds(slots, mintChunkIds(doc, chunks, { rev: lineage }), taken);
  }

  const { redirects, counts } = redirectsFor({ oldIds, ids, before, after, chain, moved });
  const stats: AlignmentStats = {
    previous: previous.length,
    current: chunks.length,
    kept: chain.length,
    edited: chain.filter((m) => m.kind === 'edited').length,
    ...counts,
    inserted: change === 'major' ? chunks.length : chunks.length - chain.length,
    survival,
  };
  return { ids, redirects, change, lineage_rev: lineageRev, rev: doc.rev, stats };
}

/** The `r=` shared by the previous IDs; they must belong to this document. */
function previousLineage(previous: readonly PreviousChunk[], doc: CairnDocument): string | null {
  let rev: string | null = null;
  for (const chunk of previous) {
    const parts = parseChunkId(chunk.chunk_id);
    if (parts.doc_uid !== doc.doc_uid) {
      throw new CairnError(
        'invalid_option',
        `Previous chunk ${chunk.chunk_id} belongs to doc_uid "${parts.doc_uid}", not "${doc.doc_uid}"`,
      );
    }
    if (rev !== null && parts.rev !== rev) {
      throw new CairnError(
        'invalid_option',
        `Previous chunks mix lineages r=${rev} and r=${parts.rev}`,
      );
    }
    rev = parts.rev;
  }
  return rev;
}

/**
 * A previous version whose IDs were out of order could make kept IDs
 * out of order now: such matches are demoted to moves.
 */
function keepOrder(
  matching: { chain: ChunkMatch[]; moved: ChunkMatch[] },
  oldIds: readonly string[],
): { chain: ChunkMatch[]; moved: ChunkMatch[] } {
  const chain: ChunkMatch[] = [];
  const moved = [...matching.moved];
  for (const match of matching.chain) {
    const last = chain.at(-1);
    if (last && compareChunkIds(oldIds[last.before]!, oldIds[match.before]!) >= 0)
      moved.push(match);
    else chain.push(match);
  }
  return { chain, moved: moved.sort((x, y) => x.before - y.before) };
}

interface RedirectInput {
  oldIds: readonly string[];
  ids: readonly string[];
  before: readonly ChunkFingerprint[];
  after: readonly ChunkFingerprint[];
  chain: readonly ChunkMatch[];
  moved: readonly ChunkMatch[];
}

/** Containment that makes a new chunk the carrier (merge) or a piece (split) of an old one. */
const CARRIES = 0.5;
/** How many new chunks around an unmatched old one to look at for merges and splits. */
const NEIGHBOURHOOD = 64;

function redirectsFor(input: RedirectInput): {
  redirects: ChunkRedirect[];
  counts: Pick<AlignmentStats, 'moved' | 'split' | 'merged' | 'deleted'>;
} {
  const { oldIds, ids, before, after, chain, moved } = input;
  const counts = { moved: 0, split: 0, merged: 0, deleted: 0 };
  const target = new Array<number>(oldIds.length).fill(-1);
  const kind = new Array<RedirectKind | null>(oldIds.length).fill(null);
  for (const match of chain) target[match.before] = match.after;
  for (const match of moved) {
    target[match.before] = match.after;
    kind[match.before] = 'moved';
  }
  // Where each old chunk sits in the new version: between the new positions of its matched neighbours.
  const anchorBefore = new Array<number>(oldIds.length).fill(-1);
  const anchorAfter = new Array<number>(oldIds.length).fill(after.length);
  for (let i = 0, last = -1; i < oldIds.length; i++) {
    anchorBefore[i] = last;
    if (target[i]! >= 0 && kind[i] === null) last = target[i]!;
  }
  for (let i = oldIds.length - 1, next = after.length; i >= 0; i--) {
    anchorAfter[i] = next;
    if (target[i]! >= 0 && kind[i] === null) next = target[i]!;
  }
  for (let i = 0; i < oldIds.length; i++) {
    if (target[i]! >= 0) continue;
    const low = Math.max(0, anchorBefore[i]!, anchorAfter[i]! - NEIGHBOURHOOD);
    const high = Math.min(after.length - 1, anchorAfter[i]!, low + 2 * NEIGHBOURHOOD);
    let carrier = -1;
    let carrierScore = CARRIES;
    let piece = -1;
    for (let j = low; j <= high; j++) {
      const into = containment(before[i]!, after[j]!);
      if (into >= carrierScore && (into > carrierScore || carrier < 0)) {
        carrier = j;
        carrierScore = into;
      }
      if (piece < 0 && containment(after[j]!, before[i]!) >= CARRIES) piece = j;
    }
    if (carrier >= 0) {
      target[i] = carrier;
      kind[i] = 'merged';
    } else if (piece >= 0) {
      target[i] = piece;
      kind[i] = 'split';
    }
  }
  const nearest = nearestSurvivors(target, after.length);
  const redirects: ChunkRedirect[] = [];
  for (let i = 0; i < oldIds.length; i++) {
    let to = target[i]!;
    let redirectKind = kind[i];
    if (to < 0) {
      to = nearest[i]!;
      redirectKind = 'deleted';
      if (to < 0) continue; // the new version has no chunk at all
    }
    const from = oldIds[i]!;
    if (ids[to] === from) continue; // still live
    redirectKind ??= 'moved'; // matched in order but re-keyed: a major change
    counts[redirectKind]++;
    redirects.push({ from, to: ids[to]!, kind: redirectKind });
  }
  return { redirects, counts };
}

/**
 * For each old chunk, the new chunk of its nearest old neighbour that has
 * one (the earlier neighbour on a tie), in two linear passes; when no old
 * chunk survives at all, the new chunk at the same relative position.
 */
function nearestSurvivors(target: readonly number[], current: number): number[] {
  const n = target.length;
  const previous = new Array<number>(n).fill(-1);
  const next = new Array<number>(n).fill(-1);
  for (let i = 0, last = -1; i < n; i++) {
    previous[i] = last;
    if (target[i]! >= 0) last = i;
  }
  for (let i = n - 1, last = -1; i >= 0; i--) {
    next[i] = last;
    if (target[i]! >= 0) last = i;
  }
  return target.map((_, i) => {
    const p = previous[i]!;
    const q = next[i]!;
    if (p < 0 && q < 0) return current === 0 ? -1 : Math.floor((i * current) / target.length);
    if (q < 0 || (p >= 0 && i - p <= q - i)) return target[p]!;
    return target[q]!;
  });
}

function emptyStats(previous: number, current: number): AlignmentStats {
  return {
    previous,
    current,
    kept: 0,
    edited: 0,
    moved: 0,
    split: 0,
    merged: 0,
    deleted: 0,
    inserted: current,
    survival: 0,
  };
}
