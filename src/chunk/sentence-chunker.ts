import { BaseChunker } from './base-chunker.js';
import {
  checkBoolean,
  checkChoice,
  checkInteger,
  checkKnownKeys,
  checkLocale,
  checkOverlap,
} from './check-options.js';
import { ChunkAssembler } from './chunk-assembler.js';
import { checkContentSize } from './chunk-limits.js';
import { FURNITURE_SETTING, type FurnitureSetting } from './furniture-setting.js';
import { Graphemes } from './grapheme.js';
import { charMeasure, type Measure, tokenMeasure } from './measure.js';
import { packWindows } from './pack-windows.js';
import { AtomList, splitRange } from './split-range.js';
import { skipSpace } from './text-scan.js';
import { type ChunkSource, textUnits } from './text-units.js';
import { PieceTable } from './tokenizers/piece-table.js';
import { type TokenizerSettings, windowUnitsFor } from './tokenizers/resolve-token-counter.js';
import { checkTokenBudget, tokenizerSettingsOf } from './tokenizers/token-budget.js';
import type { TokenCounter } from './tokenizers/token-counter.js';
import type { Chunk, Chunker, ChunkingOptions, ChunkLimits } from './types.js';

/** Settings for a token budget, or for a character budget; only those of the unit in use are kept. */
export type SentenceChunkerConfig =
  | {
      unit: 'token';
      tokenizer: string;
      max_chunk_tokens: number;
      overlap_tokens: number;
      locale: string;
      include_headers: boolean;
      include_furniture?: boolean;
    }
  | {
      unit: 'char';
      max_chunk_chars: number;
      overlap_chars: number;
      locale: string;
      include_headers: boolean;
      include_furniture?: boolean;
    };

export type SentenceChunkerSettings = {
  unit?: 'token' | 'char';
  max_chunk_tokens?: number;
  overlap_tokens?: number;
  max_chunk_chars?: number;
  overlap_chars?: number;
  /** Locale for Intl.Segmenter's sentence rules (default `en`). */
  locale?: string;
  include_headers?: boolean;
  limits?: Partial<ChunkLimits>;
} & TokenizerSettings &
  FurnitureSetting;

const KEYS = [
  FURNITURE_SETTING,
  'unit',
  'max_chunk_tokens',
  'overlap_tokens',
  'max_chunk_chars',
  'overlap_chars',
  'locale',
  'include_headers',
  'tokenizer',
  'tokenizer_file',
  'limits',
];

/** The smallest character budget: room for a space with a combining mark. */
const MIN_CHAR_BUDGET = 2;

/**
 * Sentences (Intl.Segmenter) packed greedily under a token or character
 * budget, overlapping by whole sentences. A sentence over the budget is cut
 * between words, a word over it between tokenizer pieces (or grapheme
 * clusters for a character budget). Intl's sentence rules also break at line
 * breaks, so hard-wrapped lines count as sentences.
 */
export class SentenceChunker extends BaseChunker<SentenceChunkerConfig> {
  static readonly chunkerName = 'sentence';
  static readonly chunkerVersion = 'v1';
  private readonly counter: TokenCounter | null;
  private readonly tokenizerSettings: TokenizerSettings;

  constructor(settings: SentenceChunkerSettings = {}) {
    checkKnownKeys('sentence chunker', settings, KEYS);
    const unit = checkChoice('unit', settings.unit ?? 'token', ['token', 'char'] as const);
    const locale = checkLocale('locale', settings.locale ?? 'en');
    const include_headers = checkBoolean('include_headers', settings.include_headers ?? true);
    const tokenizerSettings = tokenizerSettingsOf(settings);
    let config: SentenceChunkerConfig;
    let counter: TokenCounter | null = null;
    if (unit === 'token') {
      const budget = checkTokenBudget(
        tokenizerSettings,
        settings.max_chunk_tokens ?? 512,
        settings.overlap_tokens ?? 64,
      );
      counter = budget.counter;
      config = {
        unit,
        tokenizer: budget.counter.id,
        max_chunk_tokens: budget.max,
        overlap_tokens: budget.overlap,
        locale,
        include_headers,
      };
    } else {
      const max = checkInteger(
        'max_chunk_chars',
        settings.max_chunk_chars ?? 2000,
        MIN_CHAR_BUDGET,
      );
      const overlap = checkInteger('overlap_chars', settings.overlap_chars ?? 200, 0);
      checkOverlap('overlap_chars', overlap, 'max_chunk_chars', max);
      config = { unit, max_chunk_chars: max, overlap_chars: overlap, locale, include_headers };
    }
    super(
      SentenceChunker.chunkerName,
      SentenceChunker.chunkerVersion,
      { ...config, include_furniture: settings.include_furniture },
      settings.limits,
    );
    this.counter = counter;
    this.tokenizerSettings = tokenizerSettings;
  }

  protected withOptions(options: ChunkingOptions): SentenceChunkerConfig {
    const config = this.config;
    const tokens = options.max_chunk_tokens !== undefined || options.overlap_tokens !== undefined;
    const chars = options.max_chunk_chars !== undefined || options.overlap_chars !== undefined;
    const include_headers = options.include_headers ?? config.include_headers;
    if (config.unit === 'char' ? !tokens : chars && !tokens) {
      const base = config.unit === 'char' ? config : { max_chunk_chars: 2000, overlap_chars: 200 };
      return {
        unit: 'char',
        max_chunk_chars: options.max_chunk_chars ?? base.max_chunk_chars,
        overlap_chars: options.overlap_chars ?? base.overlap_chars,
        locale: config.locale,
        include_headers,
      };
    }
    const base =
      config.unit === 'token'
        ? config
        : { tokenizer: 'cl100k_base', max_chunk_tokens: 512, overlap_tokens: 64 };
    return {
      unit: 'token',
      tokenizer: base.tokenizer,
      max_chunk_tokens: options.max_chunk_tokens ?? base.max_chunk_tokens,
      overlap_tokens: options.overlap_tokens ?? base.overlap_tokens,
      locale: config.locale,
      include_headers,
    };
  }

  protected derive(config: SentenceChunkerConfig, limits: Readonly<ChunkLimits>): Chunker {
    if (config.unit === 'char') return new SentenceChunker({ ...config, limits });
    const { tokenizer: _id, ...rest } = config;
    return new SentenceChunker({ ...rest, ...this.tokenizerSettings, limits });
  }

  protected run(source: ChunkSource): Chunk[] {
    const { text } = source;
    const config = this.config;
    const graphemes = new Graphemes(text);
    const out = new ChunkAssembler(source, {
      includeHeaders: config.include_headers,
      limits: this.limits,
    });
    const surrogates = out.surrogates;
    const budget = config.unit === 'token' ? config.max_chunk_tokens : config.max_chunk_chars;
    const overlap = config.unit === 'token' ? config.overlap_tokens : config.overlap_chars;
    for (const unit of textUnits(source, this.includeFurniture)) {
      checkContentSize(text, unit, this.limits);
      out.beginUnit(unit);
      if (skipSpace(text, unit.start16, unit.end16) >= unit.end16) continue;
      let measure: Measure;
      let table: PieceTable | null = null;
      if (this.counter) {
        table = PieceTable.scan(graphemes, unit.start16, unit.end16, {
          counter: this.counter,
          maxPieceTokens: budget,
          windowUnits: windowUnitsFor(budget),
        });
        measure = tokenMeasure(table, budget);
      } else measure = charMeasure(text, budget, surrogates);
      const atoms = new AtomList(measure);
      splitRange(
        { text, graphemes, measure, table, locale: config.locale },
        unit.start16,
        unit.end16,
        {
          levels: ['sentences', 'words', 'finest'],
          push: (s, e) => atoms.push(s, e),
        },
      );
      packWindows(graphemes, atoms, { budget, overlap }, (window) => {
        out.add(
          atoms.start16(window.first),
          atoms.end16(window.last),
          config.unit === 'token' ? window.cost : -1,
          window.splitsGrapheme ? { split_reason: 'oversize_grapheme' } : {},
        );
      });
    }
    return out.finish();
  }
}

export function createSentenceChunker(settings?: SentenceChunkerSettings): SentenceChunker {
  return new SentenceChunker(settings);
}
