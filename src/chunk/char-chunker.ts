import { BaseChunker } from './base-chunker.js';
import { checkBoolean, checkInteger, checkKnownKeys, checkOverlap } from './check-options.js';
import { ChunkAssembler } from './chunk-assembler.js';
import { checkContentSize } from './chunk-limits.js';
import { FURNITURE_SETTING, type FurnitureSetting } from './furniture-setting.js';
import { Graphemes } from './grapheme.js';
import {
  advanceCodePoints,
  isSpaceUnit,
  retreatCodePoints,
  skipSpace,
  trimSpaceEnd,
} from './text-scan.js';
import { type ChunkSource, type TextUnit, textUnits } from './text-units.js';
import type { Chunk, Chunker, ChunkingOptions, ChunkLimits, ChunkSplitReason } from './types.js';

export type CharChunkerConfig = {
  /** Largest chunk, in code points. */
  size_chars: number;
  /** Code points a chunk may repeat from the end of the previous one (at most). */
  overlap_chars: number;
  /** JSON string nodes shorter than this stay whole (seed 004 `chunk_threshold_chars`). */
  threshold_chars: number;
  /** End a chunk at the last line break, else the last space, in the final fifth of the window. */
  break_on_whitespace: boolean;
  include_headers: boolean;
} & FurnitureSetting;

export const CHAR_DEFAULTS: Readonly<CharChunkerConfig> = Object.freeze({
  size_chars: 1000,
  overlap_chars: 100,
  threshold_chars: 10_000,
  break_on_whitespace: true,
  include_headers: true,
});

const KEYS = [...Object.keys(CHAR_DEFAULTS), FURNITURE_SETTING];

/** `ChunkingOptions` names whose constructor setting is named otherwise (the names feed chunker ids: not renamed). */
const RENAMED = { max_chunk_chars: 'size_chars' };

export type CharChunkerSettings = Partial<CharChunkerConfig> & { limits?: Partial<ChunkLimits> };

/** What every window of one document reads: built once per document, not per chunk. */
interface CharScan {
  graphemes: Graphemes;
  /** Whether the text holds surrogate pairs, so that code points must be counted one by one. */
  surrogates: boolean;
}

/**
 * Windows of at most `size_chars` code points stepping with `overlap_chars`
 * of overlap (seed 004), ending on whitespace when one is near the end of the
 * window and always on a grapheme boundary. Offsets come from a moving
 * cursor; the text is read about once.
 */
export class CharChunker extends BaseChunker<CharChunkerConfig> {
  static readonly chunkerName = 'char';
  static readonly chunkerVersion = 'v1';

  constructor(settings: CharChunkerSettings = {}) {
    const { limits, ...rest } = settings;
    checkKnownKeys('char chunker', rest, KEYS, RENAMED);
    const config = { ...CHAR_DEFAULTS, ...rest };
    checkInteger('size_chars', config.size_chars, 1);
    checkInteger('overlap_chars', config.overlap_chars, 0);
    checkOverlap('overlap_chars', config.overlap_chars, 'size_chars', config.size_chars);
    checkInteger('threshold_chars', config.threshold_chars, 0);
    checkBoolean('break_on_whitespace', config.break_on_whitespace);
    checkBoolean('include_headers', config.include_headers);
    super(CharChunker.chunkerName, CharChunker.chunkerVersion, config, limits);
  }

  protected withOptions(options: ChunkingOptions): CharChunkerConfig {
    return {
      ...this.config,
      ...(options.max_chunk_chars === undefined ? {} : { size_chars: options.max_chunk_chars }),
      ...(options.overlap_chars === undefined ? {} : { overlap_chars: options.overlap_chars }),
      ...(options.include_headers === undefined
        ? {}
        : { include_headers: options.include_headers }),
    };
  }

  protected derive(config: CharChunkerConfig, limits: Readonly<ChunkLimits>): Chunker {
    return new CharChunker({ ...config, limits });
  }

  protected run(source: ChunkSource): Chunk[] {
    const graphemes = new Graphemes(source.text);
    const out = new ChunkAssembler(source, {
      includeHeaders: this.config.include_headers,
      limits: this.limits,
    });
    const scan: CharScan = { graphemes, surrogates: out.surrogates };
    for (const unit of textUnits(source, this.includeFurniture)) {
      checkContentSize(source.text, unit, this.limits);
      out.beginUnit(unit);
      this.chunkUnit(scan, unit, out);
    }
    return out.finish();
  }

  private chunkUnit(scan: CharScan, unit: TextUnit, out: ChunkAssembler): void {
    const { graphemes, surrogates } = scan;
    const text = graphemes.text;
    const { size_chars: size, overlap_chars: overlap, threshold_chars: threshold } = this.config;
    const end = trimSpaceEnd(text, unit.start16, unit.end16);
    let start = startAt(graphemes, unit.start16, end);
    if (start >= end) return;
    const forward = (from: number, count: number, to: number): number =>
      surrogates ? advanceCodePoints(text, from, count, to) : Math.min(to, from + count);
    if (
      unit.json_pointer !== undefined &&
      threshold > 0 &&
      forward(unit.start16, threshold - 1, unit.end16) >= unit.end16
    ) {
      // seed 004: a node under the threshold is not chunked
      out.add(start, end, -1);
      return;
    }
    let fresh = start;
    while (start < end) {
      let hard = forward(start, size, end);
      if (hard <= fresh) {
        // a whitespace gap wider than the window: overlap across it would hold nothing new
        start = fresh;
        hard = forward(start, size, end);
      }
      // after a cut inside an oversize cluster, the next chunk starts inside it too
      const inside = !graphemes.isBoundary(start);
      if (hard >= end) {
        out.add(start, end, -1, inside ? { split_reason: 'oversize_grapheme' } : {});
        return;
      }
      // every cut lies past `fresh`, the first character no earlier chunk holds
      let cut = -1;
      let reason: ChunkSplitReason | undefined = inside ? 'oversize_grapheme' : undefined;
      if (this.config.break_on_whitespace) {
        cut = lastBreak(text, Math.max(fresh, hard - Math.floor((hard - start) / 5)), hard);
      }
      if (cut < 0) {
        cut = graphemes.floor(hard);
        if (cut <= fresh) {
          // one grapheme cluster longer than the window: the cap wins over the cluster
          reason = 'oversize_grapheme';
          cut = hard;
          if (skipSpace(text, start, cut) >= cut) {
            // a space that carries marks: start on the marks, never on a chunk of spaces
            start = skipSpace(text, fresh, end);
            cut = forward(start, size, end);
          }
        }
      }
      let chunkEnd = trimSpaceEnd(text, start, cut);
      if (chunkEnd <= fresh) chunkEnd = cut;
      if (reason === undefined && !graphemes.isBoundary(chunkEnd)) {
        const floor = graphemes.floor(chunkEnd);
        if (floor > fresh) chunkEnd = floor;
      }
      out.add(start, chunkEnd, -1, reason === undefined ? {} : { split_reason: reason });
      fresh = startAt(graphemes, chunkEnd, end);
      start = overlap === 0 ? fresh : this.overlapStart(scan, start, chunkEnd, fresh);
    }
  }

  /** Up to `overlap_chars` code points back from the chunk end, snapped forward to a word start. */
  private overlapStart(scan: CharScan, start: number, chunkEnd: number, fresh: number): number {
    const { graphemes, surrogates } = scan;
    const overlap = this.config.overlap_chars;
    const text = graphemes.text;
    const from = surrogates
      ? retreatCodePoints(text, chunkEnd, overlap, start + 1)
      : Math.max(start + 1, chunkEnd - overlap);
    for (let i = from; i < chunkEnd; i++) {
      if (isSpaceUnit(text.charCodeAt(i - 1)) && !isSpaceUnit(text.charCodeAt(i))) {
        return graphemes.isBoundary(i) ? i : fresh;
      }
    }
    return fresh;
  }
}

/**
 * Where text resumes after `from16`: the first non-space character, moved back
 * to its cluster's start when a space carries it (a combining mark after a
 * space), so that no character is skipped.
 */
function startAt(graphemes: Graphemes, from16: number, end16: number): number {
  const at = skipSpace(graphemes.text, from16, end16);
  if (at >= end16) return end16;
  return Math.max(from16, graphemes.floor(at));
}

/**
 * The cut in (low, high] with the most natural break: the last line feed,
 * else the last other whitespace; the cut is the index of that character.
 */
function lastBreak(text: string, low: number, high: number): number {
  // a native search on a slice (no copy), bounded to the window: long lines make a
  // unit-by-unit scan for line feeds the slow part, an unbounded lastIndexOf quadratic
  const lineFeed = text.slice(low + 1, high + 1).lastIndexOf('\n');
  if (lineFeed >= 0) return low + 1 + lineFeed;
  for (let i = high; i > low; i--) {
    if (isSpaceUnit(text.charCodeAt(i))) return i;
  }
  return -1;
}

export function createCharChunker(settings?: CharChunkerSettings): CharChunker {
  return new CharChunker(settings);
}
