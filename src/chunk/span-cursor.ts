import type { Span } from '../types.js';

const NON_ASCII = /[^\x00-\x7f]/;
const SURROGATE = /[\ud800-\udfff]/;

/**
 * Converts UTF-16 indices to code points and UTF-8 bytes for positions that
 * arrive roughly in order (chunk starts and ends, overlap stepping back a
 * little). It walks only the text between consecutive positions, with native
 * byte counting, so a whole document costs about one pass however many chunks
 * it gives, and nothing is allocated per character.
 */
export class SpanCursor {
  private readonly text: string;
  private readonly ascii: boolean;
  private readonly surrogates: boolean;
  private at16 = 0;
  private cp = 0;
  private bytes = 0;

  /** `surrogates`, when the caller already knows whether the text has any, saves a pass. */
  constructor(text: string, surrogates?: boolean) {
    this.text = text;
    this.ascii = !NON_ASCII.test(text);
    this.surrogates = !this.ascii && (surrogates ?? SURROGATE.test(text));
  }

  /** Code points before `i16` (an index that does not split a surrogate pair). */
  codePointAt(i16: number): number {
    if (this.ascii) return i16;
    this.move(i16);
    return this.cp;
  }

  span(start16: number, end16: number): Span {
    if (this.ascii) return { start: start16, end: end16, start_byte: start16, end_byte: end16 };
    this.move(start16);
    const start = this.cp;
    const startByte = this.bytes;
    this.move(end16);
    return { start, end: this.cp, start_byte: startByte, end_byte: this.bytes };
  }

  private move(i16: number): void {
    if (i16 === this.at16) return;
    const forward = i16 > this.at16;
    const from = forward ? this.at16 : i16;
    const to = forward ? i16 : this.at16;
    const piece = this.text.slice(from, to);
    const bytes = Buffer.byteLength(piece, 'utf8');
    const cps = this.surrogates ? countCodePoints(piece) : piece.length;
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

/** Code points in a string: each valid surrogate pair counts once, a lone surrogate once. */
export function countCodePoints(text: string): number {
  let pairs = 0;
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      const high = text.charCodeAt(i - 1);
      if (high >= 0xd800 && high <= 0xdbff) pairs++;
    }
  }
  return text.length - pairs;
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
      i += unit >= 0xd800 && unit <= 0xdbff && isLowUnit(text.charCodeAt(i + 1)) ? 2 : 1;
      count++;
    }
    this.at16 = i;
    this.cp = count;
    return i;
  }
}

function isLowUnit(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
