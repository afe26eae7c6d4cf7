/**
 * The ASCII members of the Unicode properties tokenizer split patterns use.
 * A property absent here leaves a pattern without an ASCII form.
 */
const ASCII_MEMBERS: Readonly<Record<string, string>> = {
  L: 'A-Za-z',
  Lu: 'A-Z',
  Ll: 'a-z',
  Lt: '',
  Lm: '',
  Lo: '',
  M: '',
  Mn: '',
  Mc: '',
  Me: '',
  N: '0-9',
  Nd: '0-9',
  Nl: '',
  No: '',
};

const PROPERTY = /\\p\{([A-Za-z]+)\}/y;

/**
 * The split pattern without its Unicode flag, each property escape replaced
 * by the property's ASCII members: on ASCII characters the two decide every
 * step alike (`\s` is Unicode-aware without the flag too), and on a two-byte
 * string V8 runs the form without the flag three to five times faster (a
 * class of ranges against a property table). Null when the source holds
 * anything whose meaning the flag changes beyond those escapes.
 */
export function asciiSplitSource(pattern: RegExp): string | null {
  if (!/^[guy]*$/.test(pattern.flags)) return null;
  const source = pattern.source;
  if (/\\P|\\u\{|\\k|[\ud800-\udfff]/.test(source)) return null;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      PROPERTY.lastIndex = i;
      const property = PROPERTY.exec(source);
      if (property !== null) {
        const members = ASCII_MEMBERS[property[1]!];
        if (members === undefined) return null;
        out += inClass ? members : `[${members}]`;
        i += property[0].length - 1;
      } else {
        if (source[i + 1] === 'p') return null;
        out += c + (source[i + 1] ?? '');
        i++;
      }
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}

const NON_ASCII = /[^\x00-\x7f]/g;

/** A piece the Unicode pattern cuts adds this to the debt, one the ASCII form cuts takes 1 off: it grows where over a fifth of the pieces need the Unicode pattern. */
const MISS_WEIGHT = 4;
/** Debt at which the ASCII form rests. */
const MAX_DEBT = 64;
/** How far the ASCII form rests, in UTF-16 units, before it is tried again. */
const REST_UNITS = 4096;

/**
 * Cuts a text into a tokenizer's pre-tokenizer pieces one at a time, as the
 * split pattern's sticky matches would, running the pattern's ASCII form
 * (`asciiSplitSource`) wherever the match it gives ends before the next
 * non-ASCII character. Such a match read only ASCII characters on the way
 * (a class run or lookahead that reached that character would have stopped
 * at it, or gone past it); where the two forms could differ, the Unicode
 * pattern cuts the piece. Made for one text: it remembers where the next
 * non-ASCII character is.
 *
 * Where most pieces hold a non-ASCII letter (German, Russian, Japanese), the
 * extra search and attempt cost more than the ASCII form saves, so after
 * many such pieces it rests for a stretch of text and the Unicode pattern
 * cuts alone. In V8 the ASCII form pays most on two-byte strings (any text
 * with one character past U+00FF, and every slice of one), where the
 * Unicode pattern's classes are slowest.
 */
export class PieceSplitter {
  private readonly unicode: RegExp;
  private readonly ascii: RegExp | null;
  /** First non-ASCII index at or after `searchedFrom`, or the text's length. */
  private nonAscii = -1;
  private searchedFrom = 0;
  /** `MISS_WEIGHT` for each piece the Unicode pattern cut, less 1 for each the ASCII form cut, since the last rest. */
  private debt = 0;
  /** The ASCII form is tried again from here. */
  private asciiFrom = 0;

  constructor(
    private readonly text: string,
    patterns: SplitPatterns,
  ) {
    this.unicode = patterns.unicode;
    this.ascii = patterns.ascii;
  }

  /** End of the piece that starts at `from16`, or -1 when none does (the pattern matched nothing or an empty string). */
  end(from16: number): number {
    const text = this.text;
    const ascii = this.ascii;
    if (ascii !== null && from16 >= this.asciiFrom) {
      if (from16 > this.nonAscii || from16 < this.searchedFrom) this.findNonAscii(from16);
      if (from16 < this.nonAscii) {
        ascii.lastIndex = from16;
        if (ascii.test(text) && ascii.lastIndex < this.nonAscii && ascii.lastIndex > from16) {
          if (this.debt > 0) this.debt--;
          return ascii.lastIndex;
        }
      }
      this.debt += MISS_WEIGHT;
      if (this.debt > MAX_DEBT) {
        this.asciiFrom = from16 + REST_UNITS;
        this.debt = 0;
      }
    }
    const unicode = this.unicode;
    unicode.lastIndex = from16;
    if (!unicode.test(text)) return -1;
    return unicode.lastIndex > from16 ? unicode.lastIndex : -1;
  }

  private findNonAscii(from16: number): void {
    NON_ASCII.lastIndex = from16;
    this.nonAscii = NON_ASCII.test(this.text) ? NON_ASCII.lastIndex - 1 : this.text.length;
    this.searchedFrom = from16;
  }
}

/** A split pattern's two sticky forms, made once per pattern. */
export interface SplitPatterns {
  unicode: RegExp;
  ascii: RegExp | null;
}

const made = new WeakMap<RegExp, SplitPatterns>();

/** The sticky Unicode and ASCII forms of `pattern`, shared by every splitter over it. */
export function splitPatterns(pattern: RegExp): SplitPatterns {
  let patterns = made.get(pattern);
  if (patterns === undefined) {
    const flags = pattern.flags.replace('g', '').replace('y', '');
    const ascii = asciiSplitSource(pattern);
    patterns = {
      unicode: new RegExp(pattern.source, `${flags}y`),
      ascii: ascii === null ? null : new RegExp(ascii, 'y'),
    };
    made.set(pattern, patterns);
  }
  return patterns;
}

/** A splitter over `text` for `pattern`. */
export function pieceSplitter(text: string, pattern: RegExp): PieceSplitter {
  return new PieceSplitter(text, splitPatterns(pattern));
}
