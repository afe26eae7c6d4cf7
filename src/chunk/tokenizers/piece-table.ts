import { CairnError } from '../../errors.js';
import { isHighSurrogate, isLowSurrogate } from '../../load/surrogates.js';
import { doubled } from '../doubled.js';
import type { Graphemes } from '../grapheme.js';
import { isSpaceUnit } from '../text-scan.js';
import { pieceSplitter } from './piece-splitter.js';
import type { TokenCounter } from './token-counter.js';

/** The piece is whitespace only: a chunk never begins or ends with one. */
export const WHITESPACE_PIECE = 1;
/** The piece is a window of a longer pre-tokenizer piece, or its count is an estimate. */
export const INEXACT_PIECE = 2;

/**
 * How far past a piece boundary followed by a non-space unit a split may
 * read and still stop there: o200k's optional contraction (`'ll`) after a
 * word. No space runs past that unit (`\s+(?!\S)`, `\s+$` end before it), so
 * ranges from one start that reach this far past their sync point split the
 * same way up to it, and share one head.
 */
const HEAD_READ_PAST = 4;

/** Pre-tokenizer pieces longer than this are cut into windows: gpt-tokenizer's BPE is quadratic in piece length. */
const LONG_PIECE_UNITS = 256;

/**
 * One tokenizer pass over a text unit, kept as pieces (UTF-16 end, running
 * token count, flags) so that the exact count of any range costs a binary
 * search plus the tokenization of at most a few characters at its ends.
 *
 * Why sums of pieces are exact: the split patterns have no look-behind, so a
 * text cut at a piece boundary splits from there exactly as the whole text
 * did; at the far end only a trailing whitespace piece can come out
 * differently (`\s+(?!\S)`, `\s+$`), and ranges never end on one without
 * recounting it.
 */
export class PieceTable {
  readonly text: string;
  readonly start16: number;
  readonly end16: number;
  readonly counter: TokenCounter;
  length = 0;
  /** True once any piece is inexact: ranges over them are recounted. */
  private inexact = false;
  private ends: Uint32Array;
  /** Running token counts: V8 strings stay under 2^29 units and no tokenizer here gives a unit more than a few tokens, so 32 bits hold any string's. */
  private cum: Uint32Array;
  private flags: Uint8Array;
  /** Range ends inside a piece or after whitespace ones, by UTF-16 index: the tokens from the boundary before. */
  private readonly tails = new Map<number, { from16: number; tokens: number }>();
  /** Range starts inside a piece, by UTF-16 index: where their own split falls in step, when any range longer than that shares it. */
  private readonly heads = new Map<number, HeadSync>();

  private constructor(text: string, start16: number, end16: number, counter: TokenCounter) {
    this.text = text;
    this.start16 = start16;
    this.end16 = end16;
    this.counter = counter;
    const capacity = Math.max(16, Math.ceil((end16 - start16) / 3));
    this.ends = new Uint32Array(capacity);
    this.cum = new Uint32Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  /**
   * Splits text[start16, end16) into pieces, joining pre-tokenizer pieces
   * that end inside a grapheme cluster with the next (`e` + `\u0301`), so
   * that every piece boundary may end a chunk; `counter` splits and counts.
   * `maxPieceTokens` caps a piece: longer ones (and any over
   * LONG_PIECE_UNITS) become windows of about `windowUnits` code units on
   * cluster boundaries, flagged inexact.
   */
  static scan(
    graphemes: Graphemes,
    start16: number,
    end16: number,
    options: { counter: TokenCounter; maxPieceTokens: number; windowUnits: number },
  ): PieceTable {
    const { counter } = options;
    const text = graphemes.text;
    const table = new PieceTable(text, start16, end16, counter);
    const slice = start16 === 0 && end16 === text.length ? text : text.slice(start16, end16);
    const exactFlag = counter.exact ? 0 : INEXACT_PIECE;
    // a byte-level BPE has every byte in its vocabulary: one ASCII unit is one token
    const byteTokens = counter.withinBytes;
    let at = start16;
    // the pending run of pieces, from `from`, not yet ending on a cluster boundary
    let from = start16;
    let tokens = 0;
    let long = false;
    let space = WHITESPACE_PIECE;
    const split = pieceSplitter(slice, counter.splitPattern);
    let offset = 0;
    while (offset < slice.length) {
      const next = split.end(offset);
      if (next < 0) break;
      const unit = slice.charCodeAt(offset);
      if (next - offset === 1 && unit < 0x80 && byteTokens) {
        // a sixth of the eCFR's pieces: `.`, `,`, `(`, a digit, a line break
        if (!isSpaceUnit(unit)) space = 0;
        tokens++;
      } else {
        if (space !== 0 && !isWhitespaceRange(slice, offset, next)) space = 0;
        if (long || next - offset > LONG_PIECE_UNITS) long = true;
        else tokens += counter.pieceTokens(slice, offset, next);
      }
      offset = next;
      at = start16 + next;
      if (at < end16 && !graphemes.isBoundary(at)) continue;
      if (long || tokens > options.maxPieceTokens || at - from > LONG_PIECE_UNITS) {
        table.pushWindows(graphemes, from, at, options.windowUnits);
      } else {
        table.push(at, tokens, space | exactFlag);
      }
      from = at;
      tokens = 0;
      long = false;
      space = WHITESPACE_PIECE;
    }
    if (at !== end16)
      throw new CairnError(
        'internal_invariant',
        `Tokenizer pieces skip or stop at ${at} before ${end16}`,
      );
    return table;
  }

  pieceStart(i: number): number {
    return i === 0 ? this.start16 : this.ends[i - 1]!;
  }

  pieceEnd(i: number): number {
    return this.ends[i]!;
  }

  isWhitespace(i: number): boolean {
    return (this.flags[i]! & WHITESPACE_PIECE) !== 0;
  }

  isInexact(i: number): boolean {
    return (this.flags[i]! & INEXACT_PIECE) !== 0;
  }

  /** Summed counts of pieces first..last (inclusive): exact when none is inexact and the last is not whitespace. */
  sum(first: number, last: number): number {
    if (last < first) return 0;
    return this.cum[last]! - (first === 0 ? 0 : this.cum[first - 1]!);
  }

  /** Index of the piece holding UTF-16 index `i16` (the last piece for the unit end). */
  pieceAt(i16: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid]! <= i16) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Estimated tokens of [a16, b16): the pieces it touches, whole. */
  estimate(a16: number, b16: number): number {
    if (b16 <= a16 || this.length === 0) return 0;
    return this.sum(this.pieceAt(a16), this.pieceAt(b16 - 1));
  }

  /** The tokenizer's exact count of text[a16, b16), from the table where it can be, else by tokenizing. */
  count(a16: number, b16: number): number {
    if (b16 <= a16) return 0;
    const text = this.text;
    if (!this.counter.exact || this.length === 0 || b16 > this.end16)
      return this.counter.count(text.slice(a16, b16));
    const head = this.headAt(a16, b16);
    if (head === null) return this.counter.count(text.slice(a16, b16));
    const first = head.first;
    // tail: the last boundary at or before b16 that follows a piece with a non-space character
    const end = this.pieceAt(b16 - 1);
    let stop = this.pieceEnd(end) === b16 ? end + 1 : end;
    while (stop > first && this.isWhitespace(stop - 1)) stop--;
    if (this.inexact) {
      for (let i = first; i < stop; i++) {
        if (this.isInexact(i)) return this.counter.count(text.slice(a16, b16));
      }
    }
    return head.tokens + this.sum(first, stop - 1) + this.tailFrom(this.pieceStart(stop), b16);
  }

  /**
   * Where a range from `a16` falls back in step with the table: the first
   * piece it shares and the tokens before it, or null when that is not
   * before `b16` (the range is then tokenized whole). The range's own text
   * is split, not the table's: a whitespace piece's end depends on what
   * follows its run (`\s+(?!\S)` gives a run's last space to the next word),
   * so a split that reads past `b16` can end a piece where the range's own
   * split does not.
   */
  private headAt(a16: number, b16: number): HeadSync | null {
    const piece = this.pieceAt(a16);
    if (this.pieceStart(piece) === a16) return { first: piece, tokens: 0, at16: a16 };
    const known = this.heads.get(a16);
    if (known !== undefined && known.at16 + HEAD_READ_PAST <= b16) return known;
    const range = this.text.slice(a16, b16);
    const split = pieceSplitter(range, this.counter.splitPattern);
    let offset = 0;
    let tokens = 0;
    while (offset < range.length) {
      const next = split.end(offset);
      if (next < 0) break;
      tokens += this.counter.pieceTokens(range, offset, next);
      offset = next;
      const at = a16 + next;
      if (at >= b16) break;
      const synced = this.pieceAt(at);
      if (this.pieceStart(synced) === at) {
        const head = { first: synced, tokens, at16: at };
        if (at + HEAD_READ_PAST <= b16 && !isSpaceUnit(this.text.charCodeAt(at)))
          this.heads.set(a16, head);
        return head;
      }
    }
    return null;
  }

  /** Tokens of text[from16, b16): a range's end, inside a piece or after whitespace ones; once per pair. */
  private tailFrom(from16: number, b16: number): number {
    if (from16 >= b16) return 0;
    const known = this.tails.get(b16);
    if (known !== undefined && known.from16 === from16) return known.tokens;
    const tokens = this.counter.count(this.text.slice(from16, b16));
    this.tails.set(b16, { from16, tokens });
    return tokens;
  }

  private push(end16: number, tokens: number, flags: number): void {
    if (this.length === this.ends.length) this.grow();
    const i = this.length++;
    this.ends[i] = end16;
    this.cum[i] = (i === 0 ? 0 : this.cum[i - 1]!) + tokens;
    this.flags[i] = flags;
    if ((flags & INEXACT_PIECE) !== 0) this.inexact = true;
  }

  /**
   * Windows of [from16, to16) of about `windowUnits` units, cut on cluster
   * boundaries where one is near. Each window is flagged whitespace on its own:
   * one cl100k piece holds punctuation and every line break after it (`.` then
   * 300 `\r\n`), and its windows of line breaks alone must not begin or end a chunk.
   */
  private pushWindows(
    graphemes: Graphemes,
    from16: number,
    to16: number,
    windowUnits: number,
  ): void {
    const text = this.text;
    let from = from16;
    while (from < to16) {
      let to = Math.min(to16, from + windowUnits);
      if (to < to16) {
        const floor = graphemes.floor(to);
        if (floor > from) to = floor;
        else if (isLowSurrogate(text.charCodeAt(to)) && isHighSurrogate(text.charCodeAt(to - 1)))
          to++;
      }
      const window = text.slice(from, to);
      const space = isWhitespaceRange(window, 0, window.length) ? WHITESPACE_PIECE : 0;
      this.push(to, this.counter.count(window), space | INEXACT_PIECE);
      from = to;
    }
  }

  private grow(): void {
    this.ends = doubled(this.ends);
    this.cum = doubled(this.cum);
    this.flags = doubled(this.flags);
  }
}

interface HeadSync {
  /** The first piece of the table the range's split shares. */
  first: number;
  /** Tokens of the range before that piece. */
  tokens: number;
  /** Where that piece starts. */
  at16: number;
}

function isWhitespaceRange(text: string, from: number, to: number): boolean {
  if (!isSpaceUnit(text.charCodeAt(from)) || !isSpaceUnit(text.charCodeAt(to - 1))) return false;
  for (let i = from + 1; i < to - 1; i++) if (!isSpaceUnit(text.charCodeAt(i))) return false;
  return true;
}
