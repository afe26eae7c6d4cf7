import { isHighSurrogate, isLowSurrogate } from '../load/surrogates.js';
import { partitionPoint } from '../partition-point.js';

/**
 * Grapheme cluster boundaries at single positions of a long text. Running
 * Intl.Segmenter over a whole document costs more than chunking it, so a
 * cheap rule settles most positions, and the rest are read from a small
 * window that starts at a position known to be a boundary.
 */

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** How far back to look for a certain boundary before settling for an approximate window start. */
const MAX_BACK = 1024;
/** Units segmented past the position asked about: the rules look one code point ahead. */
const AHEAD = 8;
/** Clusters at least this long are remembered: each question inside one would segment all of it again. */
const LONG_CLUSTER = 64;
/** Least distance between two boundaries kept for walks back to stop at. */
const KNOWN_SPACING = 64;
/**
 * A run of Grapheme_Extend code points and ZWJ: no boundary falls before any
 * of them unless a control precedes (UAX #29 GB9), so a cluster goes on over it.
 */
const EXTEND_RUN = /[\p{Grapheme_Extend}\u200d]+/uy;

/**
 * Code units that never join a neighbour into a cluster (no Extend, SpacingMark,
 * Prepend, ZWJ, regional indicators, Hangul jamo or surrogates): Latin up to the
 * combining diacritics, Greek and Cyrillic letters, the dashes, quotes and
 * bullets of General Punctuation (U+2010..U+2027, common in legal and edited
 * text), kana and CJK ideographs.
 */
function isSimple(unit: number): boolean {
  return (
    unit < 0x300 ||
    (unit >= 0x370 && unit <= 0x482) ||
    (unit >= 0x2010 && unit <= 0x2027) ||
    (unit >= 0x4e00 && unit <= 0x9fff) ||
    (unit >= 0x3041 && unit <= 0x3096) ||
    (unit >= 0x30a1 && unit <= 0x30fa)
  );
}

/** true or false when the two units around `i16` settle it, undefined when segmentation must. */
function quickBoundary(text: string, i16: number): boolean | undefined {
  const before = text.charCodeAt(i16 - 1);
  const after = text.charCodeAt(i16);
  if (isSimple(before) && isSimple(after)) return !(before === 13 && after === 10);
  if (isLowSurrogate(after) && isHighSurrogate(before)) return false;
  return undefined;
}

export class Graphemes {
  readonly text: string;
  /**
   * Boundaries found from a certain window start, in increasing order and at
   * least KNOWN_SPACING apart (a million of them would cost memory for
   * nothing): a walk back stops at the nearest one. Without them a run of
   * regional indicators or combining marks is walked back over in full at
   * every question.
   */
  private readonly known: number[] = [0];
  /**
   * The last long cluster found: it starts at `longStart` and no position in
   * (longStart, longReach) is a boundary; `longEnd` is its end once known,
   * else -1. Questions inside it are answered without segmenting it again.
   */
  private longStart = -1;
  private longReach = -1;
  private longEnd = -1;

  constructor(text: string) {
    this.text = text;
  }

  /** True when a cut at UTF-16 index `i16` does not fall inside a grapheme cluster. */
  isBoundary(i16: number): boolean {
    if (i16 <= 0 || i16 >= this.text.length) return true;
    const quick = quickBoundary(this.text, i16);
    if (quick !== undefined) return quick;
    if (this.insideLong(i16)) return false;
    return this.cluster(i16, AHEAD)[0] === i16;
  }

  /** The last boundary at or before `i16`. */
  floor(i16: number): number {
    if (i16 <= 0) return 0;
    if (i16 >= this.text.length) return this.text.length;
    if (quickBoundary(this.text, i16) === true) return i16;
    if (this.insideLong(i16)) return this.longStart;
    return this.cluster(i16, AHEAD)[0];
  }

  /** The first boundary at or after `i16`. */
  ceil(i16: number): number {
    if (i16 <= 0) return 0;
    if (i16 >= this.text.length) return this.text.length;
    if (quickBoundary(this.text, i16) === true) return i16;
    if (this.insideLong(i16) && this.longEnd >= 0) return this.longEnd;
    // a cluster may run long (a letter with thousands of marks): widen until it ends
    for (let ahead = 64; ; ahead *= 4) {
      const [start, end, complete] = this.cluster(i16, ahead);
      if (start === i16) return i16;
      if (complete) return end;
    }
  }

  /** Whether `i16` lies inside the remembered long cluster, carrying it on over marks and joiners first. */
  private insideLong(i16: number): boolean {
    if (this.longStart < 0 || i16 <= this.longStart) return false;
    if (i16 >= this.longReach && this.longEnd < 0) {
      EXTEND_RUN.lastIndex = this.longReach;
      if (EXTEND_RUN.test(this.text)) this.longReach = EXTEND_RUN.lastIndex;
    }
    return i16 < this.longReach;
  }

  /** Records what segmenting from a certain boundary showed: the cluster [start, end), its end certain when `complete`. */
  private learn(start: number, end: number, complete: boolean): void {
    const known = this.known;
    if (start >= known[known.length - 1]! + KNOWN_SPACING) known.push(start);
    if (complete && end >= known[known.length - 1]! + KNOWN_SPACING) known.push(end);
    if (start === this.longReach && this.longEnd < 0) this.longEnd = start;
    if (end - start < LONG_CLUSTER) return;
    if (start !== this.longStart) {
      this.longStart = start;
      this.longReach = end;
      this.longEnd = -1;
    } else if (end > this.longReach) this.longReach = end;
    if (complete) this.longEnd = end;
  }

  /** The nearest known boundary before `i16`. */
  private knownBefore(i16: number): number {
    const known = this.known;
    return known[partitionPoint(known.length, (k) => known[k]! < i16) - 1]!;
  }

  /**
   * The cluster holding `i16`: [start, end, whether end is certain]. Segments
   * from a certain boundary before `i16` to `ahead` units past it; asking the
   * segments for the one containing a position keeps the walk inside ICU
   * (iterating segments in JavaScript costs about a microsecond each).
   */
  private cluster(i16: number, ahead: number): [number, number, boolean] {
    const text = this.text;
    const [from, certain] = windowStart(text, i16, this.knownBefore(i16));
    let to = Math.min(text.length, i16 + ahead);
    if (
      to < text.length &&
      isLowSurrogate(text.charCodeAt(to)) &&
      isHighSurrogate(text.charCodeAt(to - 1))
    )
      to++;
    const segment = SEGMENTER.segment(text.slice(from, to)).containing(i16 - from);
    if (segment === undefined) return [i16, i16, true];
    const start = from + segment.index;
    const end = start + segment.segment.length;
    const complete = end < to || to === text.length;
    if (certain) this.learn(start, end, complete);
    return [start, end, complete];
  }
}

/**
 * Units that only ever continue a cluster: combining marks, joiners and
 * variation selectors, and the halves of regional indicators (whose pairing
 * depends on where their run starts). A run of them is walked back over in
 * full, so a start found past it is a real boundary.
 */
function continuesCluster(text: string, i16: number): boolean {
  const unit = text.charCodeAt(i16);
  return (
    (unit >= 0x300 && unit <= 0x36f) ||
    (unit >= 0x1ab0 && unit <= 0x1aff) ||
    (unit >= 0x1dc0 && unit <= 0x1dff) ||
    (unit >= 0x20d0 && unit <= 0x20ff) ||
    (unit >= 0xfe00 && unit <= 0xfe0f) ||
    (unit >= 0xfe20 && unit <= 0xfe2f) ||
    unit === 0x200c ||
    unit === 0x200d ||
    (unit === 0xd83c && (text.charCodeAt(i16 + 1) & 0xffe0) === 0xdde0) ||
    (unit >= 0xdde6 && unit <= 0xddff && text.charCodeAt(i16 - 1) === 0xd83c)
  );
}

/**
 * A window start at or before `i16` that is surely a boundary, and whether
 * it is: the nearest position the cheap rule settles or `known` (a boundary
 * below `i16`), looking back past runs of cluster continuations and up to
 * MAX_BACK other units; beyond that, a code point boundary (exact unless a
 * cluster of other kinds runs that long).
 */
function windowStart(text: string, i16: number, known: number): [number, boolean] {
  let budget = MAX_BACK;
  let p = i16 - 1;
  for (; p > known && budget > 0; p--) {
    if (quickBoundary(text, p) === true) return [p, true];
    if (!continuesCluster(text, p)) budget--;
  }
  if (p <= known) return [known, true];
  return [
    isLowSurrogate(text.charCodeAt(p)) && isHighSurrogate(text.charCodeAt(p - 1)) ? p - 1 : p,
    false,
  ];
}
