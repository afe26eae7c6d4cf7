/** A PDF object as far as the inflation check needs it: strings are kept only as a mark. */
export type PdfValue =
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'other' };

/** Deeper nesting than this is not read (pdf.js itself gives up far sooner on such files). */
const MAX_DEPTH = 64;

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/**
 * Reads the one PDF object that starts at `at` (after white space and
 * comments), with the PDF reference's token rules (section 7.2 and 7.3):
 * names with `#xx` escapes, literal strings with nested parentheses and
 * backslash escapes, hex strings, `n g R` references. This is no PDF
 * parser (pdf.js is): the inflation check reads stream dictionaries with it,
 * so that it sees the filters pdf.js will apply. Null for what it cannot read.
 */
export function readPdfObject(
  bytes: Uint8Array,
  at: number,
): { value: PdfValue; end: number } | null {
  return new ObjectReader(bytes, at).read(0);
}

class ObjectReader {
  constructor(
    private readonly bytes: Uint8Array,
    private at: number,
  ) {}

  read(depth: number): { value: PdfValue; end: number } | null {
    if (depth > MAX_DEPTH) return null;
    this.skipWhite();
    const b = this.bytes[this.at];
    if (b === undefined) return null;
    const done = (value: PdfValue) => ({ value, end: this.at });
    if (b === 0x2f) return done({ kind: 'name', name: this.readName() });
    if (b === 0x3c && this.bytes[this.at + 1] === 0x3c) {
      this.at += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skipWhite();
        if (this.bytes[this.at] === 0x3e && this.bytes[this.at + 1] === 0x3e) {
          this.at += 2;
          return done({ kind: 'dict', entries });
        }
        if (this.bytes[this.at] !== 0x2f) return null;
        const key = this.readName();
        const value = this.read(depth + 1);
        if (value === null) return null;
        // the first of a repeated key is what pdf.js's dictionary keeps
        if (!entries.has(key)) entries.set(key, value.value);
      }
    }
    if (b === 0x3c) {
      const close = this.bytes.indexOf(0x3e, this.at);
      if (close < 0) return null;
      this.at = close + 1;
      return done({ kind: 'other' });
    }
    if (b === 0x28) return this.skipString() ? done({ kind: 'other' }) : null;
    if (b === 0x5b) {
      this.at++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        if (this.bytes[this.at] === 0x5d) {
          this.at++;
          return done({ kind: 'array', items });
        }
        const item = this.read(depth + 1);
        if (item === null) return null;
        items.push(item.value);
      }
    }
    const word = this.readWord();
    if (word === '') return null;
    const number = Number(word);
    if (!Number.isFinite(number)) return done({ kind: 'other' });
    // `n g R`: two integers then R, else the number alone
    const back = this.at;
    this.skipWhite();
    const gen = this.readWord();
    this.skipWhite();
    if (/^\d+$/.test(word) && /^\d+$/.test(gen) && this.readWord() === 'R') {
      return done({ kind: 'ref', num: number, gen: Number(gen) });
    }
    this.at = back;
    return done({ kind: 'number', value: number });
  }

  skipWhite(): void {
    for (;;) {
      const b = this.bytes[this.at];
      if (b === undefined) return;
      if (WHITE.has(b)) this.at++;
      else if (b === 0x25) {
        while (
          this.at < this.bytes.length &&
          this.bytes[this.at] !== 0x0a &&
          this.bytes[this.at] !== 0x0d
        )
          this.at++;
      } else return;
    }
  }

  private readName(): string {
    this.at++;
    const out: number[] = [];
    for (;;) {
      const b = this.bytes[this.at];
      if (b === undefined || WHITE.has(b) || DELIMITERS.has(b)) break;
      const hex = b === 0x23 ? hexPair(this.bytes[this.at + 1], this.bytes[this.at + 2]) : -1;
      if (hex >= 0) {
        out.push(hex);
        this.at += 3;
      } else {
        out.push(b);
        this.at++;
      }
    }
    return Buffer.from(out).toString('latin1');
  }

  private readWord(): string {
    const start = this.at;
    for (;;) {
      const b = this.bytes[this.at];
      if (b === undefined || WHITE.has(b) || DELIMITERS.has(b)) break;
      this.at++;
    }
    return Buffer.from(this.bytes.subarray(start, this.at)).toString('latin1');
  }

  private skipString(): boolean {
    let depth = 0;
    for (; this.at < this.bytes.length; this.at++) {
      const b = this.bytes[this.at];
      if (b === 0x5c) this.at++;
      else if (b === 0x28) depth++;
      else if (b === 0x29 && --depth === 0) {
        this.at++;
        return true;
      }
    }
    return false;
  }
}

function hexPair(a: number | undefined, b: number | undefined): number {
  const high = hexDigit(a);
  const low = hexDigit(b);
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/** A hex digit's value, or -1. */
export function hexDigit(b: number | undefined): number {
  if (b === undefined) return -1;
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  return -1;
}
