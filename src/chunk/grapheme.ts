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

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** true or false when the two units around `i16` settle it, undefined when segmentation must. */
function quickBoundary(text: string, i16: number): boolean | undefined {
  const before = text.charCodeAt(i16 - 1);
  const after = text.charCodeAt(i16);
  if (isSimple(before) && isSimple(after)) return !(before === 13 && after === 10);
  if (isLow(after) && isHigh(before)) return false;
  return undefined;
}

export class Graphemes {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** True when a cut at UTF-16 index `i16` does not fall inside a grapheme cluster. */
  isBoundary(i16: number): boolean {
    if (i16 <= 0 || i16 >= this.text.length) return true;
    const quick = quickBoundary(this.text, i16);
    if (quick !== undefined) return quick;
    return this.cluster(i16, AHEAD)[0] === i16;
  }

  /** The last boundary at or before `i16`. */
  floor(i16: number): number {
    if (i16 <= 0) return 0;
    if (i16 >= this.text.length) return this.text.length;
    if (quickBoundary(this.text, i16) === true) return i16;
    return this.cluster(i16, AHEAD)[0];
  }

  /** The first boundary at or after `i16`. */
  ceil(i16: number): number {
    if (i16 <= 0) return 0;
    if (i16 >= this.text.length) return this.text.length;
    if (quickBoundary(this.text, i16) === true) return i16;
    // a cluster may run long (a letter with thousands of marks): widen until it ends
    for (let ahead = 64; ; ahead *= 4) {
      const [start, end, complete] = this.cluster(i16, ahead);
      if (start === i16) return i16;
      if (complete) return end;
    }
  }

  /**
   * The cluster holding `i16`: [start, end, whether end is certain]. Segments
   * from a certain boundary before `i16` to `ahead` units past it; asking the
   * segments for the one containing a position keeps the walk inside ICU
   * (iterating segments in JavaScript costs about a microsecond each).
   */
  private cluster(i16: number, ahead: number): [number, number, boolean] {
    const text = this.text;
    const from = windowStart(text, i16);
    let to = Math.min(text.length, i16 + ahead);
    if (to < text.length && isLow(text.charCodeAt(to)) && isHigh(text.charCodeAt(to - 1))) to++;
    const segment = SEGMENTER.segment(text.slice(from, to)).containing(i16 - from);
    if (segment === undefined) return [i16, i16, true];
    const start = from + segment.index;
    const end = start + segment.segment.length;
    return [start, end, end < to || to === text.length];
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
 * A window start at or before `i16` that is surely a boundary: the nearest
 * position the cheap rule settles, looking back past runs of cluster
 * continuations and up to MAX_BACK other units; beyond that, a code point
 * boundary (exact unless a cluster of other kinds runs that long).
 */
function windowStart(text: string, i16: number): number {
  let budget = MAX_BACK;
  let p = i16 - 1;
  for (; p > 0 && budget > 0; p--) {
    if (quickBoundary(text, p) === true) return p;
    if (!continuesCluster(text, p)) budget--;
  }
  if (p <= 0) return 0;
  return isLow(text.charCodeAt(p)) && isHigh(text.charCodeAt(p - 1)) ? p - 1 : p;
}
