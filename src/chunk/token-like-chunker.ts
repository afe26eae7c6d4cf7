import { BaseChunker } from './base-chunker.js';
import { checkBoolean, checkInteger, checkKnownKeys, checkOverlap } from './check-options.js';
import { ChunkAssembler } from './chunk-assembler.js';
import { checkContentSize } from './chunk-limits.js';
import { FURNITURE_SETTING, type FurnitureSetting } from './furniture-setting.js';
import { Graphemes } from './grapheme.js';
import { type Atoms, packWindows } from './pack-windows.js';
import { advanceCodePoints, isSpaceUnit, skipSpace } from './text-scan.js';
import { type ChunkSource, textUnits } from './text-units.js';
import { tokenOptionOverrides } from './token-option-overrides.js';
import type { Chunk, Chunker, ChunkingOptions, ChunkLimits } from './types.js';

export type TokenLikeChunkerConfig = {
  /** Largest chunk, in words. */
  max_chunk_tokens: number;
  overlap_tokens: number;
  /** A run of non-space characters longer than this many code points counts as several words. */
  max_word_chars: number;
  include_headers: boolean;
} & FurnitureSetting;

export const TOKEN_LIKE_DEFAULTS: Readonly<TokenLikeChunkerConfig> = Object.freeze({
  max_chunk_tokens: 512,
  overlap_tokens: 64,
  max_word_chars: 32,
  include_headers: true,
});

const KEYS = [...Object.keys(TOKEN_LIKE_DEFAULTS), FURNITURE_SETTING];

export type TokenLikeChunkerSettings = Partial<TokenLikeChunkerConfig> & {
  limits?: Partial<ChunkLimits>;
};

/**
 * Seed 002's `SimpleTokenLikeChunker`: tokens approximated by whitespace-
 * separated words, `token_count` in words. Runs without spaces (a URL, a
 * line of CJK) count one word per `max_word_chars`, so no chunk grows
 * without bound. For real token counts use the `token` chunker.
 */
export class TokenLikeChunker extends BaseChunker<TokenLikeChunkerConfig> {
  static readonly chunkerName = 'token-like';
  static readonly chunkerVersion = 'v1';

  constructor(settings: TokenLikeChunkerSettings = {}) {
    const { limits, ...rest } = settings;
    checkKnownKeys('token-like chunker', rest, KEYS);
    const config = { ...TOKEN_LIKE_DEFAULTS, ...rest };
    checkInteger('max_chunk_tokens', config.max_chunk_tokens, 1);
    checkInteger('overlap_tokens', config.overlap_tokens, 0);
    checkOverlap(
      'overlap_tokens',
      config.overlap_tokens,
      'max_chunk_tokens',
      config.max_chunk_tokens,
    );
    checkInteger('max_word_chars', config.max_word_chars, 1);
    checkBoolean('include_headers', config.include_headers);
    super(TokenLikeChunker.chunkerName, TokenLikeChunker.chunkerVersion, config, limits);
  }

  protected withOptions(options: ChunkingOptions): TokenLikeChunkerConfig {
    return { ...this.config, ...tokenOptionOverrides(options) };
  }

  protected derive(config: TokenLikeChunkerConfig, limits: Readonly<ChunkLimits>): Chunker {
    return new TokenLikeChunker({ ...config, limits });
  }

  protected run(source: ChunkSource): Chunk[] {
    const { text } = source;
    const graphemes = new Graphemes(text);
    const out = new ChunkAssembler(source, {
      includeHeaders: this.config.include_headers,
      limits: this.limits,
    });
    const scan: WordScan = {
      graphemes,
      maxChars: this.config.max_word_chars,
      surrogates: out.surrogates,
    };
    for (const unit of textUnits(source, this.includeFurniture)) {
      checkContentSize(text, unit, this.limits);
      out.beginUnit(unit);
      const words = findWords(scan, unit.start16, unit.end16);
      packWindows(
        graphemes,
        words,
        { budget: this.config.max_chunk_tokens, overlap: this.config.overlap_tokens },
        (window) => {
          out.add(
            words.start16(window.first),
            words.end16(window.last),
            window.cost,
            window.splitsGrapheme ? { split_reason: 'oversize_grapheme' } : {},
          );
        },
      );
    }
    return out.finish();
  }
}

class WordList implements Atoms {
  length = 0;
  private starts = new Uint32Array(64);
  private ends = new Uint32Array(64);

  push(start16: number, end16: number): void {
    if (this.length === this.starts.length) {
      const starts = new Uint32Array(this.length * 2);
      starts.set(this.starts);
      const ends = new Uint32Array(this.length * 2);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.length] = start16;
    this.ends[this.length++] = end16;
  }

  start16(i: number): number {
    return this.starts[i]!;
  }

  end16(i: number): number {
    return this.ends[i]!;
  }

  estimate(i: number, j: number): number {
    return j - i + 1;
  }

  cost(i: number, j: number): number {
    return j - i + 1;
  }
}

/** What finding words reads, the same for every unit of a document. */
interface WordScan {
  graphemes: Graphemes;
  /** Longest word, in code points (`max_word_chars`). */
  maxChars: number;
  /** Whether the text holds surrogate pairs, so that code points must be counted one by one. */
  surrogates: boolean;
}

/** Runs of non-space characters, long ones cut every `maxChars` code points (on a cluster boundary when one is near). */
function findWords(scan: WordScan, from16: number, to16: number): WordList {
  const { graphemes, maxChars, surrogates } = scan;
  const text = graphemes.text;
  const words = new WordList();
  const pushRun = (start: number, end: number): void => {
    // a space that carries combining marks belongs to the word that follows
    let s = start > from16 ? Math.max(from16, graphemes.floor(start)) : start;
    while (s < end) {
      const hard = surrogates
        ? advanceCodePoints(text, s, maxChars, end)
        : Math.min(end, s + maxChars);
      let cut = hard >= end ? end : graphemes.floor(hard);
      if (cut <= s) cut = hard;
      // cut inside that cluster with max_word_chars 1: the space alone is no word, the marks are
      if (skipSpace(text, s, cut) < cut) words.push(s, cut);
      s = cut;
    }
  };
  let start = -1;
  for (let i = from16; i < to16; i++) {
    const space = isSpaceUnit(text.charCodeAt(i));
    if (space) {
      if (start >= 0) {
        pushRun(start, i);
        start = -1;
      }
    } else if (start < 0) start = i;
  }
  if (start >= 0) pushRun(start, to16);
  return words;
}

export function createTokenLikeChunker(settings?: TokenLikeChunkerSettings): TokenLikeChunker {
  return new TokenLikeChunker(settings);
}
