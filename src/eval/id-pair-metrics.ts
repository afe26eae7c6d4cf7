import { type ChunkFingerprint, containment } from '../ids/chunk-fingerprint.js';

/** A chunk as the ID metrics see it: its text, and its words for "holds the same content". */
export interface ComparedChunk {
  text: string;
  fp: ChunkFingerprint;
}

/** An unchanged text whose old IDs were not all carried over. */
export interface LostIdText {
  /** The first 80 UTF-16 units of the text. */
  text: string;
  old: string[];
  now: string[];
}

/** How one ID scheme fared across one edit (old version -> new version). */
export interface IdPairMeasure {
  /**
   * Of the old chunks whose text is unchanged (equal text occurs in the new
   * version, with multiplicity), the share that keep their ID; null when
   * no text is unchanged.
   */
  kept: number | null;
  /** Of the old IDs, the share live or redirecting to a live chunk; null with no old chunk. */
  resolves: number | null;
  /** Of the old IDs, the share that resolve to a chunk holding the old content (`carriesContent`). */
  faithful: number | null;
  /** New chunks whose ID did not, in the old version, name a chunk holding the same content. */
  changed: number;
  lost: LostIdText[];
}

/**
 * Does new chunk `now` hold the content of old chunk `old`? Equal text, or at
 * least half of the old chunk's words in it, or at least half of its words
 * from the old chunk. Independent of any ID scheme.
 */
export function carriesContent(old: ComparedChunk, now: ComparedChunk): boolean {
  if (old.text === now.text) return true;
  return containment(old.fp, now.fp) >= 0.5 || containment(now.fp, old.fp) >= 0.5;
}

/** One version's chunks under one ID scheme: `ids[i]` names `chunks[i]`. */
export interface IdVersion {
  chunks: readonly ComparedChunk[];
  ids: readonly string[];
}

/**
 * The ID figures of one edit for one scheme, from the version `before` to
 * the version `after`; `redirects` send old IDs that are not live any more
 * to live ones (none for schemes without redirects).
 */
export function measureIdPair(
  before: IdVersion,
  after: IdVersion,
  redirects: readonly { from: string; to: string }[],
): IdPairMeasure {
  const { chunks: old, ids: oldIds } = before;
  const { chunks: now, ids: newIds } = after;
  const newById = firstIndexOf(newIds);
  const oldById = firstIndexOf(oldIds);
  const redirectOf = new Map(redirects.map((r) => [r.from, r.to]));

  // a text present k times before and m times after counts min(k, m) times,
  // and keeps as many IDs as the two sides share for it
  const byText = new Map<string, { old: string[]; now: string[] }>();
  old.forEach((chunk, i) => {
    const entry = byText.get(chunk.text) ?? { old: [], now: [] };
    entry.old.push(oldIds[i]!);
    byText.set(chunk.text, entry);
  });
  now.forEach((chunk, j) => {
    byText.get(chunk.text)?.now.push(newIds[j]!);
  });
  let unchanged = 0;
  let kept = 0;
  const lost: LostIdText[] = [];
  for (const [text, entry] of byText) {
    const pairs = Math.min(entry.old.length, entry.now.length);
    unchanged += pairs;
    const shared = entry.old.filter((id) => entry.now.includes(id)).length;
    kept += Math.min(pairs, shared);
    if (shared < pairs) lost.push({ text: text.slice(0, 80), old: entry.old, now: entry.now });
  }

  let resolves = 0;
  let faithful = 0;
  old.forEach((chunk, i) => {
    const id = oldIds[i]!;
    let j = newById.get(id);
    const to = redirectOf.get(id);
    if (j === undefined && to !== undefined) j = newById.get(to);
    if (j === undefined) return;
    resolves++;
    if (carriesContent(chunk, now[j]!)) faithful++;
  });

  let changed = 0;
  now.forEach((chunk, j) => {
    const i = oldById.get(newIds[j]!);
    if (i === undefined || !carriesContent(old[i]!, chunk)) changed++;
  });

  return {
    kept: unchanged === 0 ? null : kept / unchanged,
    resolves: old.length === 0 ? null : resolves / old.length,
    faithful: old.length === 0 ? null : faithful / old.length,
    changed,
    lost,
  };
}

function firstIndexOf(ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  ids.forEach((id, k) => {
    if (!out.has(id)) out.set(id, k);
  });
  return out;
}
