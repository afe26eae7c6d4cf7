import { type ChunkFingerprint, similarity } from './chunk-fingerprint.js';

export interface ChunkMatch {
  /** Index in the previous version's chunks. */
  before: number;
  /** Index in the new version's chunks. */
  after: number;
  /** `same`: equal normalized text; `edited`: similar enough to be the same chunk after an edit. */
  kind: 'same' | 'edited';
}

export interface ChunkMatching {
  /** Matches in reading order in both versions: these chunks can keep their IDs. */
  chain: ChunkMatch[];
  /** Matches that cross the chain: the text moved elsewhere in the document. */
  moved: ChunkMatch[];
}

export interface MatchOptions {
  /** Least word-bag similarity (Dice) for an edited chunk to count as the same chunk. Default 0.5. */
  edit_similarity?: number;
  /** Least similarity for an edited chunk found out of order to count as moved. Default 0.8. */
  move_similarity?: number;
}

/** A stretch between matches: [i0, i1) of the first sequence against [j0, j1) of the second. */
interface Gap {
  i0: number;
  i1: number;
  j0: number;
  j1: number;
}

/** Cells of a dynamic-programming table filled at most, so that time and memory stay bounded. */
const EXACT_CELLS = 4_000_000;
const SIMILAR_CELLS = 250_000;
const MOVE_PAIRS = 1_000_000;

/**
 * Aligns two versions' chunk sequences: first an exact diff over the
 * sequences of normalized-text hashes (patience style: unique hashes as
 * anchors, a longest increasing subsequence of them, then the same inside
 * each gap, a plain LCS table when no anchor is left); then, inside each gap
 * between exact matches, the order-preserving pairing of edited chunks with
 * the greatest total similarity; last, leftovers with equal or very similar
 * text anywhere, as moves. Pure and deterministic: ties go to the earliest
 * position.
 */
export function matchChunks(
  before: readonly ChunkFingerprint[],
  after: readonly ChunkFingerprint[],
  options: MatchOptions = {},
): ChunkMatching {
  const editSimilarity = options.edit_similarity ?? 0.5;
  const moveSimilarity = options.move_similarity ?? 0.8;
  const exact = exactChain(
    before.map((chunk) => chunk.hash),
    after.map((chunk) => chunk.hash),
  );
  const chain: ChunkMatch[] = [];
  let lastBefore = 0;
  let lastAfter = 0;
  for (const [b, a] of [...exact, [before.length, after.length] as const]) {
    const gap = { i0: lastBefore, i1: b, j0: lastAfter, j1: a };
    for (const [gb, ga] of similarChain(before, after, gap, editSimilarity)) {
      chain.push({ before: gb, after: ga, kind: 'edited' });
    }
    if (b < before.length) chain.push({ before: b, after: a, kind: 'same' });
    lastBefore = b + 1;
    lastAfter = a + 1;
  }
  return { chain, moved: movedMatches(before, after, chain, moveSimilarity) };
}

/** Exact matches as [before, after] pairs, ascending in both. */
function exactChain(a: readonly string[], b: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  const work: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (work.length > 0) {
    let [a0, a1, b0, b1] = work.pop()!;
    while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) out.push([a0++, b0++]);
    while (a0 < a1 && b0 < b1 && a[a1 - 1] === b[b1 - 1]) out.push([--a1, --b1]);
    if (a0 === a1 || b0 === b1) continue;
    const gap = { i0: a0, i1: a1, j0: b0, j1: b1 };
    const anchors = uniqueAnchors(a, b, gap);
    if (anchors.length > 0) {
      let pa = a0;
      let pb = b0;
      for (const [x, y] of anchors) {
        work.push([pa, x, pb, y]);
        out.push([x, y]);
        pa = x + 1;
        pb = y + 1;
      }
      work.push([pa, a1, pb, b1]);
    } else if ((a1 - a0) * (b1 - b0) <= EXACT_CELLS) {
      out.push(...tableChain(a, b, gap));
    }
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/** Hashes occurring once in each range, kept as a longest chain ascending in both. */
function uniqueAnchors(a: readonly string[], b: readonly string[], gap: Gap): [number, number][] {
  const { i0: a0, i1: a1, j0: b0, j1: b1 } = gap;
  const inA = new Map<string, number>();
  for (let i = a0; i < a1; i++) inA.set(a[i]!, inA.has(a[i]!) ? -1 : i);
  const inB = new Map<string, number>();
  for (let j = b0; j < b1; j++) inB.set(b[j]!, inB.has(b[j]!) ? -1 : j);
  const pairs: [number, number][] = [];
  for (let i = a0; i < a1; i++) {
    const j = inB.get(a[i]!);
    if (inA.get(a[i]!) === i && j !== undefined && j >= 0) pairs.push([i, j]);
  }
  return longestIncreasing(pairs);
}

/** Longest subsequence of `pairs` (ascending in the first) also ascending in the second. */
function longestIncreasing(pairs: [number, number][]): [number, number][] {
  const tails: number[] = [];
  const previous = new Array<number>(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const y = pairs[k]![1];
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]!]![1] < y) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[k] = tails[low - 1]!;
    tails[low] = k;
  }
  const out: [number, number][] = [];
  for (let k = tails.at(-1) ?? -1; k >= 0; k = previous[k]!) out.push(pairs[k]!);
  return out.reverse();
}

/** Classic LCS table for a small range. */
function tableChain(a: readonly string[], b: readonly string[], gap: Gap): [number, number][] {
  const { i0: a0, i1: a1, j0: b0, j1: b1 } = gap;
  const n = a1 - a0;
  const m = b1 - b0;
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        a[a0 + i] === b[b0 + j]
          ? table[(i + 1) * width + j + 1]! + 1
          : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[a0 + i] === b[b0 + j]) out.push([a0 + i++, b0 + j++]);
    else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
    else j++;
  }
  return out;
}

/**
 * Order-preserving pairing inside one gap with the greatest total
 * similarity, pairs below `threshold` not allowed. A gap too large for the
 * table is cut into proportional pieces (an approximation that keeps time
 * bounded on a rewrite of a huge document).
 */
function similarChain(
  before: readonly ChunkFingerprint[],
  after: readonly ChunkFingerprint[],
  gap: Gap,
  threshold: number,
): [number, number][] {
  const { i0: b0, i1: b1, j0: a0, j1: a1 } = gap;
  const n = b1 - b0;
  const m = a1 - a0;
  if (n <= 0 || m <= 0) return [];
  if (n * m > SIMILAR_CELLS) {
    const pieces = Math.ceil((n * m) / SIMILAR_CELLS);
    const out: [number, number][] = [];
    for (let k = 0; k < pieces; k++) {
      out.push(
        ...similarChain(
          before,
          after,
          {
            i0: b0 + Math.floor((n * k) / pieces),
            i1: b0 + Math.floor((n * (k + 1)) / pieces),
            j0: a0 + Math.floor((m * k) / pieces),
            j1: a0 + Math.floor((m * (k + 1)) / pieces),
          },
          threshold,
        ),
      );
    }
    return out;
  }
  const width = m + 1;
  const score = new Float64Array((n + 1) * width);
  const take = new Float64Array(n * m);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const s = similarity(before[b0 + i]!, after[a0 + j]!);
      take[i * m + j] = s >= threshold ? s : 0;
      const diagonal = s >= threshold ? score[(i + 1) * width + j + 1]! + s : 0;
      score[i * width + j] = Math.max(
        diagonal,
        score[(i + 1) * width + j]!,
        score[i * width + j + 1]!,
      );
    }
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const s = take[i * m + j]!;
    const here = score[i * width + j]!;
    if (s > 0 && here === score[(i + 1) * width + j + 1]! + s) out.push([b0 + i++, a0 + j++]);
    else if (here === score[(i + 1) * width + j]!) i++;
    else j++;
  }
  return out;
}

/** Leftover chunks whose text reappears (equal, else very similar) elsewhere. */
function movedMatches(
  before: readonly ChunkFingerprint[],
  after: readonly ChunkFingerprint[],
  chain: readonly ChunkMatch[],
  threshold: number,
): ChunkMatch[] {
  const usedBefore = new Set(chain.map((match) => match.before));
  const usedAfter = new Set(chain.map((match) => match.after));
  const leftBefore = before.map((_, i) => i).filter((i) => !usedBefore.has(i));
  const leftAfter = after.map((_, j) => j).filter((j) => !usedAfter.has(j));
  const byHash = new Map<string, number[]>();
  for (const j of leftAfter) {
    const list = byHash.get(after[j]!.hash);
    if (list) list.push(j);
    else byHash.set(after[j]!.hash, [j]);
  }
  const out: ChunkMatch[] = [];
  for (const i of leftBefore) {
    const j = byHash.get(before[i]!.hash)?.shift();
    if (j === undefined) continue;
    out.push({ before: i, after: j, kind: 'same' });
    usedBefore.add(i);
    usedAfter.add(j);
  }
  const restBefore = leftBefore.filter((i) => !usedBefore.has(i));
  const restAfter = leftAfter.filter((j) => !usedAfter.has(j));
  if (restBefore.length * restAfter.length <= MOVE_PAIRS) {
    for (const i of restBefore) {
      let best = -1;
      let bestScore = threshold;
      for (const j of restAfter) {
        if (usedAfter.has(j)) continue;
        const s = similarity(before[i]!, after[j]!);
        if (s > bestScore || (s === bestScore && best < 0)) {
          best = j;
          bestScore = s;
        }
      }
      if (best >= 0) {
        out.push({ before: i, after: best, kind: 'edited' });
        usedAfter.add(best);
      }
    }
  }
  return out.sort((x, y) => x.before - y.before);
}
