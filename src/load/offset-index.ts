import { CairnError } from '../errors.js';
import type { Span } from '../types.js';
import { isHighSurrogate, isLowSurrogate } from './surrogates.js';

/** UTF-16 units between checkpoints: a conversion walks at most this many units. */
const STRIDE = 16;

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Converts JavaScript string indices (UTF-16 units, named `*16` in code) into
 * code points and UTF-8 byte offsets: the one boundary where units change.
 * Built once per text in one pass; each conversion walks at most STRIDE units.
 */
export class OffsetIndex {
  readonly text: string;
  /** Code points in `text`. */
  readonly length: number;
  readonly byteLength: number;
  private readonly ascii: boolean;
  private readonly cpAt: Uint32Array | null;
  /** UTF-8 bytes at each checkpoint: a string's 2^29 units are at most 3 bytes each, well within 32 bits. */
  private readonly byteAt: Uint32Array | null;
  /** What the last `walk` found, in fields and as 32-bit integers: an array per call, or doubles read from typed arrays, made every span's offsets boxed heap numbers. */
  private walkedCp = 0;
  private walkedBytes = 0;

  constructor(text: string) {
    this.text = text;
    this.ascii = !NON_ASCII.test(text);
    if (this.ascii) {
      this.cpAt = null;
      this.byteAt = null;
      this.length = text.length;
      this.byteLength = text.length;
      return;
    }
    const slots = Math.floor(text.length / STRIDE) + 1;
    const cpAt = new Uint32Array(slots);
    const byteAt = new Uint32Array(slots);
    let cp = 0;
    let bytes = 0;
    let i = 0;
    let slot = 0;
    /** Moves over ASCII up to `to16`, one unit one code point one byte, recording the checkpoints it passes. */
    const ascii = (to16: number): void => {
      for (; slot * STRIDE <= to16 && slot < slots; slot++) {
        cpAt[slot] = cp + (slot * STRIDE - i);
        byteAt[slot] = bytes + (slot * STRIDE - i);
      }
      cp += to16 - i;
      bytes += to16 - i;
      i = to16;
    };
    // ASCII runs are skipped by a native search; only the other characters are looked at
    const nonAscii = /[^\x00-\x7f]+/g;
    for (let run = nonAscii.exec(text); run !== null; run = nonAscii.exec(text)) {
      ascii(run.index);
      for (const end = run.index + run[0].length; i < end; i++) {
        if (i % STRIDE === 0) {
          cpAt[i / STRIDE] = cp;
          byteAt[i / STRIDE] = bytes;
          slot = i / STRIDE + 1;
        }
        const unit = text.charCodeAt(i);
        if (unit < 0x800) {
          cp++;
          bytes += 2;
        } else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
          cp++;
          bytes += 4;
        } else if (isLowSurrogate(unit) && i > 0 && isHighSurrogate(text.charCodeAt(i - 1))) {
          // second half of a pair: counted with its high surrogate
        } else {
          cp++;
          bytes += 3;
        }
      }
    }
    ascii(text.length);
    this.cpAt = cpAt;
    this.byteAt = byteAt;
    this.length = cp;
    this.byteLength = bytes;
  }

  /** True when the text is pure ASCII, so every unit is one code point and one byte. */
  get isAscii(): boolean {
    return this.ascii;
  }

  /** Code points before UTF-16 index `i16`. */
  codePointAt16(i16: number): number {
    this.check16(i16);
    if (this.ascii) return i16;
    this.walk(i16);
    return this.walkedCp;
  }

  /** UTF-8 bytes before UTF-16 index `i16`. */
  byteAt16(i16: number): number {
    this.check16(i16);
    if (this.ascii) return i16;
    this.walk(i16);
    return this.walkedBytes;
  }

  /** A half-open span from UTF-16 indices, in code points and bytes. */
  span16(start16: number, end16: number): Span {
    this.check16(start16);
    this.check16(end16);
    if (start16 > end16) {
      throw new CairnError('internal_invariant', `Span start ${start16} after end ${end16}`);
    }
    if (this.ascii) return { start: start16, end: end16, start_byte: start16, end_byte: end16 };
    this.walk(start16);
    const start = this.walkedCp;
    const startByte = this.walkedBytes;
    this.walk(end16);
    return { start, end: this.walkedCp, start_byte: startByte, end_byte: this.walkedBytes };
  }

  /** The UTF-16 index of code point offset `cp` (0..length). */
  index16(cp: number): number {
    if (!Number.isInteger(cp) || cp < 0 || cp > this.length) {
      throw new CairnError(
        'internal_invariant',
        `Code point offset ${cp} outside 0..${this.length}`,
      );
    }
    if (this.ascii) return cp;
    const cpAt = this.cpAt!;
    let lo = 0;
    let hi = cpAt.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (cpAt[mid]! <= cp) lo = mid;
      else hi = mid - 1;
    }
    let i = lo * STRIDE;
    let count = cpAt[lo]!;
    // a checkpoint may sit between the halves of a pair: step past the low half
    if (
      i > 0 &&
      isLowSurrogate(this.text.charCodeAt(i)) &&
      isHighSurrogate(this.text.charCodeAt(i - 1))
    )
      i++;
    while (count < cp) {
      i +=
        isHighSurrogate(this.text.charCodeAt(i)) && isLowSurrogate(this.text.charCodeAt(i + 1))
          ? 2
          : 1;
      count++;
    }
    return i;
  }

  /** `text` between code point offsets, the slice every span promises. */
  sliceCodePoints(start: number, end: number): string {
    return this.text.slice(this.index16(start), this.index16(end));
  }

  /** True when `i16` does not fall between the two halves of a surrogate pair. */
  isBoundary16(i16: number): boolean {
    if (i16 <= 0 || i16 >= this.text.length) return true;
    return !(
      isLowSurrogate(this.text.charCodeAt(i16)) && isHighSurrogate(this.text.charCodeAt(i16 - 1))
    );
  }

  private check16(i16: number): void {
    if (!Number.isInteger(i16) || i16 < 0 || i16 > this.text.length) {
      throw new CairnError(
        'internal_invariant',
        `UTF-16 index ${i16} outside 0..${this.text.length}`,
      );
    }
  }

  /** Code points and bytes before `i16`, into `walkedCp` and `walkedBytes`. */
  private walk(i16: number): void {
    const slot = (i16 / STRIDE) | 0;
    let cp = this.cpAt![slot]! | 0;
    let bytes = this.byteAt![slot]! | 0;
    const text = this.text;
    for (let i = slot * STRIDE; i < i16; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0x80) {
        cp++;
        bytes++;
      } else if (unit < 0x800) {
        cp++;
        bytes += 2;
      } else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
        cp++;
        bytes += 4;
      } else if (!(isLowSurrogate(unit) && i > 0 && isHighSurrogate(text.charCodeAt(i - 1)))) {
        cp++;
        bytes += 3;
      }
    }
    this.walkedCp = cp | 0;
    this.walkedBytes = bytes | 0;
  }
}
