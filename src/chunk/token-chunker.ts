import { BaseChunker } from './base-chunker.js';
import { checkBoolean, checkKnownKeys } from './check-options.js';
import { ChunkAssembler } from './chunk-assembler.js';
import { checkContentSize } from './chunk-limits.js';
import { FURNITURE_SETTING, type FurnitureSetting } from './furniture-setting.js';
import { Graphemes } from './grapheme.js';
import { type Atoms, packWindows } from './pack-windows.js';
import { skipSpace } from './text-scan.js';
import type { ChunkSource } from './text-units.js';
import { textUnits } from './text-units.js';
import { tokenOptionOverrides } from './token-option-overrides.js';
import { PieceTable } from './tokenizers/piece-table.js';
import { type TokenizerSettings, windowUnitsFor } from './tokenizers/resolve-token-counter.js';
import { checkTokenBudget, tokenizerSettingsOf } from './tokenizers/token-budget.js';
import type { TokenCounter } from './tokenizers/token-counter.js';
import type { Chunk, Chunker, ChunkingOptions, ChunkLimits } from './types.js';

export type TokenChunkerConfig = {
  /** `cl100k_base`, `o200k_base` or `hf:<sha256-8>` of a tokenizer.json. */
  tokenizer: string;
  max_chunk_tokens: number;
  overlap_tokens: number;
  include_headers: boolean;
} & FurnitureSetting;

export const TOKEN_DEFAULTS: Readonly<TokenChunkerConfig> = Object.freeze({
  tokenizer: 'cl100k_base',
  max_chunk_tokens: 512,
  overlap_tokens: 64,
  include_headers: true,
});

const KEYS = [
  FURNITURE_SETTING,
  'max_chunk_tokens',
  'overlap_tokens',
  'include_headers',
  'tokenizer',
  'tokenizer_file',
];

export type TokenChunkerSettings = Partial<Omit<TokenChunkerConfig, 'tokenizer'>> &
  TokenizerSettings & { limits?: Partial<ChunkLimits> };

/**
 * Windows of at most `max_chunk_tokens` tokens of a real tokenizer, stepping
 * back `overlap_tokens`. The text is tokenized once; windows end on
 * pre-tokenizer pieces (words, mostly) that are grapheme boundaries, so each
 * chunk's `token_count` is what the tokenizer gives for its text.
 */
export class TokenChunker extends BaseChunker<TokenChunkerConfig> {
  static readonly chunkerName = 'token';
  static readonly chunkerVersion = 'v1';
  private readonly counter: TokenCounter;
  private readonly tokenizerSettings: TokenizerSettings;

  constructor(settings: TokenChunkerSettings = {}) {
    const { limits, tokenizer: _t, tokenizer_file: _f, ...rest } = settings;
    checkKnownKeys('token chunker', settings, ['limits', ...KEYS]);
    const tokenizerSettings = tokenizerSettingsOf(settings);
    const config = { ...TOKEN_DEFAULTS, ...rest };
    const { counter } = checkTokenBudget(
      tokenizerSettings,
      config.max_chunk_tokens,
      config.overlap_tokens,
    );
    checkBoolean('include_headers', config.include_headers);
    super(
      TokenChunker.chunkerName,
      TokenChunker.chunkerVersion,
      { ...config, tokenizer: counter.id },
      limits,
    );
    this.counter = counter;
    this.tokenizerSettings = tokenizerSettings;
  }

  protected withOptions(options: ChunkingOptions): TokenChunkerConfig {
    return { ...this.config, ...tokenOptionOverrides(options) };
  }

  protected derive(config: TokenChunkerConfig, limits: Readonly<ChunkLimits>): Chunker {
    const { tokenizer: _id, ...rest } = config;
    return new TokenChunker({ ...rest, ...this.tokenizerSettings, limits });
  }

  protected run(source: ChunkSource): Chunk[] {
    const { max_chunk_tokens: budget, overlap_tokens: overlap } = this.config;
    const out = new ChunkAssembler(source, {
      includeHeaders: this.config.include_headers,
      limits: this.limits,
    });
    const graphemes = new Graphemes(source.text);
    for (const unit of textUnits(source, this.includeFurniture)) {
      checkContentSize(source.text, unit, this.limits);
      out.beginUnit(unit);
      if (skipSpace(source.text, unit.start16, unit.end16) >= unit.end16) continue;
      const table = PieceTable.scan(graphemes, unit.start16, unit.end16, {
        counter: this.counter,
        maxPieceTokens: budget,
        windowUnits: windowUnitsFor(budget),
      });
      packWindows(graphemes, pieceAtoms(table), { budget, overlap }, (window) => {
        out.add(
          table.pieceStart(window.first),
          table.pieceEnd(window.last),
          window.cost,
          window.splitsGrapheme ? { split_reason: 'oversize_grapheme' } : {},
        );
      });
    }
    return out.finish();
  }
}

/** A piece table seen as atoms: sums for packing, the table's exact count to settle. */
function pieceAtoms(table: PieceTable): Atoms {
  return {
    length: table.length,
    start16: (i) => table.pieceStart(i),
    end16: (i) => table.pieceEnd(i),
    estimate: (i, j) => table.sum(i, j),
    cost: (i, j) => table.count(table.pieceStart(i), table.pieceEnd(j)),
    skip: (i) => table.isWhitespace(i),
  };
}

export function createTokenChunker(settings?: TokenChunkerSettings): TokenChunker {
  return new TokenChunker(settings);
}
