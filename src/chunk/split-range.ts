import { isHighSurrogate, isLowSurrogate } from '../load/surrogates.js';
import { doubled } from './doubled.js';
import type { Graphemes } from './grapheme.js';
import type { Measure } from './measure.js';
import type { Atoms } from './pack-windows.js';
import {
  advanceCodePoints,
  isLineBreakUnit,
  isSpaceUnit,
  skipSpace,
  trimSpaceEnd,
} from './text-scan.js';
import type { PieceTable } from './tokenizers/piece-table.js';

/** Ways to cut a range, coarse to fine; each is tried only on pieces over the budget. */
export type SplitLevel = 'lines' | 'sentences' | 'words' | 'finest';

/**
 * Atoms in text order with their measure; `keep` marks atoms that should not
 * end a chunk. Typed arrays: one block over the budget can hold millions of
 * atoms (a 20 MB line of `|a|b|` cuts into 16 million tokenizer pieces), and
 * three arrays of JavaScript numbers cost 24 bytes an atom, plus the copies
 * they leave behind as they grow; these cost 9.
 */
export class AtomList implements Atoms {
  private starts = new Uint32Array(16);
  private ends = new Uint32Array(16);
  private keeps = new Uint8Array(16);
  private count = 0;
  private readonly measure: Measure;

  constructor(measure: Measure) {
    this.measure = measure;
  }

  get length(): number {
    return this.count;
  }

  push(start16: number, end16: number, keepWithNext = false): void {
    if (this.count === this.starts.length) this.grow();
    const i = this.count++;
    this.starts[i] = start16;
    this.ends[i] = end16;
    this.keeps[i] = keepWithNext ? 1 : 0;
  }

  start16(i: number): number {
    return this.starts[i]!;
  }

  end16(i: number): number {
    return this.ends[i]!;
  }

  estimate(i: number, j: number): number {
    return this.measure.estimate(this.starts[i]!, this.ends[j]!);
  }

  cost(i: number, j: number): number {
    return this.measure.exact(this.starts[i]!, this.ends[j]!);
  }

  keepWithNext(i: number): boolean {
    return this.keeps[i] === 1;
  }

  /** Empties the list, keeping its arrays for the next run of atoms. */
  clear(): void {
    this.count = 0;
  }

  private grow(): void {
    this.starts = doubled(this.starts);
    this.ends = doubled(this.ends);
    this.keeps = doubled(this.keeps);
  }
}

export interface SplitContext {
  text: string;
  graphemes: Graphemes;
  measure: Measure;
  /** Present for token measures: the finest cut is between tokenizer pieces. */
  table: PieceTable | null;
  locale: string;
}

const sentenceSegmenters = new Map<string, Intl.Segmenter>();

function sentenceSegmenter(locale: string): Intl.Segmenter {
  let segmenter = sentenceSegmenters.get(locale);
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    sentenceSegmenters.set(locale, segmenter);
  }
  return segmenter;
}

/** How to cut a range: the levels to try, coarse to fine, and where each finished range goes. */
export interface SplitPlan {
  levels: readonly SplitLevel[];
  push: (start16: number, end16: number) => void;
}

/**
 * Cuts text[a16, b16) into trimmed, non-empty ranges that each fit the budget,
 * trying the plan's levels in order: a range over the budget at one level is
 * cut at the next. The last level always succeeds (a single grapheme cluster
 * over the budget is cut on code points, which the packer flags).
 */
export function splitRange(ctx: SplitContext, a16: number, b16: number, plan: SplitPlan): void {
  const { levels, push } = plan;
  const split = (from16: number, to16: number, depth: number): void => {
    const level = levels[depth];
    const last = depth >= levels.length - 1;
    const visit = (s: number, e: number, whole = true): void => {
      const start = trimmedStart(ctx.graphemes, s, e);
      if (start >= e) return;
      const end = trimSpaceEnd(ctx.text, start, e);
      if (last || (whole && fits(ctx.measure, start, end))) push(start, end);
      else split(start, end, depth + 1);
    };
    if (level === 'lines') eachLine(ctx.text, from16, to16, visit);
    else if (level === 'sentences') eachSentence(ctx, from16, to16, visit);
    else if (level === 'words') eachWord(ctx.text, from16, to16, visit);
    else finest(ctx, from16, to16, push);
  };
  split(a16, b16, 0);
}

/** Whether text[a16, b16) fits the budget, without exact counts of ranges far over it. */
export function fits(measure: Measure, a16: number, b16: number): boolean {
  if (measure.atMost(a16, b16) <= measure.budget) return true;
  // far over by the estimate: skip the exact count, which re-tokenizes long runs
  if (measure.estimate(a16, b16) > 2 * measure.budget) return false;
  return measure.exact(a16, b16) <= measure.budget;
}

/** Text handed to Intl.Segmenter at once: V8 spends time per sentence in proportion to the string's length. */
const SENTENCE_WINDOW = 4096;

/**
 * Sentences of text[a16, b16), segmented in windows cut after line breaks
 * (where the sentence rules always break, so nothing changes); a line longer
 * than a window is cut before its last, possibly unfinished, sentence. A
 * sentence longer than a window is cut after a space and its parts visited
 * as not whole, so that the next level cuts them: as atoms of their own they
 * ended chunks at the window's edge, inside a word and short of the budget.
 */
function eachSentence(
  ctx: SplitContext,
  a16: number,
  b16: number,
  visit: (s: number, e: number, whole?: boolean) => void,
): void {
  const { text } = ctx;
  const segmenter = sentenceSegmenter(ctx.locale);
  let from = skipSpace(text, a16, b16);
  while (from < b16) {
    let to = Math.min(b16, from + SENTENCE_WINDOW);
    let midLine = false;
    if (to < b16) {
      let i = to - 1;
      while (i > from && !isLineBreakUnit(text.charCodeAt(i))) i--;
      if (i > from) to = i + 1;
      else {
        midLine = true;
        let space = to - 1;
        while (space > from && !isSpaceUnit(text.charCodeAt(space))) space--;
        if (space > from) to = space + 1;
        else if (isLowSurrogate(text.charCodeAt(to)) && isHighSurrogate(text.charCodeAt(to - 1)))
          to--;
      }
    }
    let last = -1;
    let lastLength = 0;
    for (const { index, segment } of segmenter.segment(text.slice(from, to))) {
      if (last >= 0) visit(from + last, from + last + lastLength);
      last = index;
      lastLength = segment.length;
    }
    if (midLine && last > 0) {
      // the window's last sentence may go on past it: segment it again with what follows
      from += last;
      continue;
    }
    if (last >= 0) visit(from + last, from + last + lastLength, !midLine);
    // blank stretches hold no sentence: skip them before segmenting (one segment per line break)
    from = skipSpace(text, to, b16);
  }
}

/** The first non-space character at or after s, moved back to the start of its grapheme cluster. */
export function trimmedStart(graphemes: Graphemes, s: number, e: number): number {
  const at = skipSpace(graphemes.text, s, e);
  if (at >= e) return e;
  return Math.max(s, graphemes.floor(at));
}

function eachLine(
  text: string,
  a16: number,
  b16: number,
  visit: (s: number, e: number) => void,
): void {
  let start = a16;
  for (let i = a16; i < b16; i++) {
    if (isLineBreakUnit(text.charCodeAt(i))) {
      if (i > start) visit(start, i);
      start = i + 1;
    }
  }
  if (b16 > start) visit(start, b16);
}

function eachWord(
  text: string,
  a16: number,
  b16: number,
  visit: (s: number, e: number) => void,
): void {
  let start = -1;
  for (let i = a16; i < b16; i++) {
    const space = isSpaceUnit(text.charCodeAt(i));
    if (space && start >= 0) {
      visit(start, i);
      start = -1;
    } else if (!space && start < 0) start = i;
  }
  if (start >= 0) visit(start, b16);
}

/**
 * A piece fits the budget with the space the tokenizer reads before it, but
 * trimmed it can count more (`" 👩‍👩‍👧┃［"` is 16 cl100k tokens, without its
 * space 17): such an atom is cut again at grapheme boundaries by exact
 * counts. A single cluster over the budget stays whole here; the packer
 * takes it as it is.
 */
function pushWithinBudget(
  ctx: SplitContext,
  a16: number,
  b16: number,
  push: (start16: number, end16: number) => void,
): void {
  const { text, graphemes, measure } = ctx;
  let start = a16;
  while (start < b16 && measure.exact(start, b16) > measure.budget) {
    let end = Math.min(graphemes.ceil(start + 1), b16);
    for (
      let next = graphemes.ceil(end + 1);
      next <= b16 && end < b16;
      next = graphemes.ceil(next + 1)
    ) {
      if (measure.exact(start, next) > measure.budget) break;
      end = next;
    }
    const trimmed = trimSpaceEnd(text, start, end);
    push(start, trimmed > start ? trimmed : end);
    start = skipSpace(text, end, b16);
  }
  if (start < b16) push(start, b16);
}

function finest(
  ctx: SplitContext,
  a16: number,
  b16: number,
  push: (start16: number, end16: number) => void,
): void {
  const { text, table, measure } = ctx;
  if (table !== null) {
    // tokenizer pieces, clipped to the range; each fits (the table cut longer ones into windows)
    for (let k = table.pieceAt(a16); k < table.length && table.pieceStart(k) < b16; k++) {
      const s = Math.max(a16, table.pieceStart(k));
      const e = Math.min(b16, table.pieceEnd(k));
      const start = skipSpace(text, s, e);
      if (start < e) pushWithinBudget(ctx, start, trimSpaceEnd(text, start, e), push);
    }
    return;
  }
  let s = a16;
  while (s < b16) {
    const hard = advanceCodePoints(text, s, measure.budget, b16);
    if (hard >= b16) {
      push(s, b16);
      return;
    }
    let cut = ctx.graphemes.floor(hard);
    if (cut <= s) cut = hard;
    const end = trimSpaceEnd(text, s, cut);
    push(s, end > s ? end : cut);
    s = trimmedStart(ctx.graphemes, cut, b16);
  }
}
