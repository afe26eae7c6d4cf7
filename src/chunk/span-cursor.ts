import { codePointsBetween, isHighSurrogate, isLowSurrogate } from '../load/surrogates.js';
import { partitionPoint } from '../partition-point.js';
import type { Span } from '../types.js';

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Past one non-ASCII character in 16 units (CJK, Cyrillic), walking the text
 * between positions with native byte counting beats keeping a table of them.
 */
const SPARSE_DENSITY = 16;
/** Short texts keep the table whatever their density. */
const MIN_SPARSE_LIMIT = 256;

/**
 * Converts UTF-16 indices to code points and UTF-8 bytes. One native regular
 * expression pass records where the non-ASCII characters are (English prose
 * and legal text have about one in 400), so a conversion is a binary search
 * in any order and the text is read once, at about the speed of a search,
 * whatever the number of chunks. Where non-ASCII text is dense, the cursor
 * instead walks between consecutive positions with native byte counting,
 * which costs about one pass when positions arrive roughly in order.
 */
export class SpanCursor {
  /** The text holds a surrogate unit (paired or not): code points and UTF-16 units may differ. */
  readonly surrogates: boolean;
  private readonly text: string;
  /** Sorted UTF-16 positions of non-ASCII characters (a pair once, at its high half); null when dense. */
  private readonly sparse: Int32Array | null;
  /** Bytes past one per unit, summed over sparse[0..k]. */
  private readonly extraBytes: Uint32Array | null;
  /** Surrogate pairs among sparse[0..k]: units past one per code point. */
  private readonly pairs: Int32Array | null;
  private readonly count: number;
  private at16 = 0;
  private cp = 0;
  private bytes = 0;

  /** `sparseLimit` (for tests) is how many non-ASCII characters the table may hold. */
  constructor(text: string, options: { sparseLimit?: number } = {}) {
    this.text = text;
    const limit =
      options.sparseLimit ?? Math.max(MIN_SPARSE_LIMIT, Math.floor(text.length / SPARSE_DENSITY));
    let capacity = Math.min(limit, 1024);
    let sparse: Int32Array | null = new Int32Array(capacity);
    let extraBytes = new Uint32Array(capacity);
    let pairs = new Int32Array(capacity);
    let count = 0;
    let extra = 0;
    let pairCount = 0;
    let surrogates = false;
    // a fresh global expression: lastIndex is this pass's own
    const nonAscii = /[^\x00-\x7f]/g;
    while (nonAscii.test(text)) {
      if (count === limit) {
        sparse = null;
        break;
      }
      const p = nonAscii.lastIndex - 1;
      const unit = text.charCodeAt(p);
      if (unit < 0x800) extra += 1;
      else {
        // three bytes for a unit of the BMP and for a lone surrogate, four for a pair
        extra += 2;
        if (unit >= 0xd800 && unit <= 0xdfff) {
          surrogates = true;
          if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(p + 1))) {
            pairCount++;
            nonAscii.lastIndex = p + 2;
          }
        }
      }
      if (count === capacity) {
        capacity = Math.min(limit, capacity * 2);
        sparse = grow(sparse, new Int32Array(capacity));
        extraBytes = grow(extraBytes, new Uint32Array(capacity));
        pairs = grow(pairs, new Int32Array(capacity));
      }
      sparse[count] = p;
      extraBytes[count] = extra;
      pairs[count] = pairCount;
      count++;
    }
    this.count = count;
    this.sparse = sparse;
    this.extraBytes = sparse ? extraBytes : null;
    this.pairs = sparse ? pairs : null;
    this.surrogates = sparse ? surrogates : SURROGATE.test(text);
  }

  /** Code points before `i16` (an index that does not split a surrogate pair). */
  codePointAt(i16: number): number {
    if (this.sparse) {
      const k = this.before(i16);
      return k === 0 ? i16 : i16 - this.pairs![k - 1]!;
    }
    this.move(i16);
    return this.cp;
  }

  span(start16: number, end16: number): Span {
    if (this.sparse) {
      const a = this.before(start16);
      const b = this.before(end16);
      const pairs = this.pairs!;
      const extra = this.extraBytes!;
      return {
        start: a === 0 ? start16 : start16 - pairs[a - 1]!,
        end: b === 0 ? end16 : end16 - pairs[b - 1]!,
        start_byte: a === 0 ? start16 : start16 + extra[a - 1]!,
        end_byte: b === 0 ? end16 : end16 + extra[b - 1]!,
      };
    }
    this.move(start16);
    const start = this.cp;
    const startByte = this.bytes;
    this.move(end16);
    return { start, end: this.cp, start_byte: startByte, end_byte: this.bytes };
  }

  /** How many recorded non-ASCII characters lie before `i16`. */
  private before(i16: number): number {
    const sparse = this.sparse!;
    return partitionPoint(this.count, (i) => sparse[i]! < i16);
  }

  private move(i16: number): void {
    if (i16 === this.at16) return;
    const forward = i16 > this.at16;
    const from = forward ? this.at16 : i16;
    const to = forward ? i16 : this.at16;
    const piece = this.text.slice(from, to);
    const bytes = Buffer.byteLength(piece, 'utf8');
    const cps = this.surrogates ? codePointsBetween(piece, 0, piece.length) : piece.length;
    if (forward) {
      this.bytes += bytes;
      this.cp += cps;
    } else {
      this.bytes -= bytes;
      this.cp -= cps;
    }
    this.at16 = i16;
  }
}

function grow<T extends Int32Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * The reverse direction for positions in order: code point offsets (block
 * spans of the model) to UTF-16 indices, walking only between consecutive
 * positions; free when the text has no surrogate pairs.
 */
export class CodePointCursor {
  private readonly text: string;
  private readonly surrogates: boolean;
  private at16 = 0;
  private cp = 0;

  constructor(text: string, surrogates?: boolean) {
    this.text = text;
    this.surrogates = surrogates ?? SURROGATE.test(text);
  }

  index16(cp: number): number {
    if (!this.surrogates) return cp;
    if (cp < this.cp) {
      this.at16 = 0;
      this.cp = 0;
    }
    const text = this.text;
    let i = this.at16;
    let count = this.cp;
    while (count < cp && i < text.length) {
      const unit = text.charCodeAt(i);
      i += isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
      count++;
    }
    this.at16 = i;
    this.cp = count;
    return i;
  }
}
