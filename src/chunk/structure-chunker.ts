import { buildTextDocument } from '../parse/text/parse-text.js';
import { ATOMIC_BLOCK_TYPES, type Block, type CairnDocument } from '../types.js';
import { BaseChunker } from './base-chunker.js';
import { checkBoolean, checkInteger, checkKnownKeys, checkLocale } from './check-options.js';
import { ChunkAssembler } from './chunk-assembler.js';
import { checkContentSize } from './chunk-limits.js';
import { FURNITURE_SETTING, type FurnitureSetting } from './furniture-setting.js';
import { type GluableRange, glueInvisibleMarkup } from './glue-invisible-markup.js';
import { Graphemes } from './grapheme.js';
import { tokenMeasure } from './measure.js';
import { packWindows } from './pack-windows.js';
import { CodePointCursor } from './span-cursor.js';
import {
  AtomList,
  fits,
  type SplitContext,
  type SplitLevel,
  splitRange,
  trimmedStart,
} from './split-range.js';
import { trimSpaceEnd } from './text-scan.js';
import { type ChunkSource, type TextUnit, textUnits } from './text-units.js';
import { tokenOptionOverrides } from './token-option-overrides.js';
import { PieceTable } from './tokenizers/piece-table.js';
import { type TokenizerSettings, windowUnitsFor } from './tokenizers/resolve-token-counter.js';
import { checkTokenBudget, tokenizerSettingsOf } from './tokenizers/token-budget.js';
import type { TokenCounter } from './tokenizers/token-counter.js';
import type { Chunk, Chunker, ChunkingOptions, ChunkLimits, ChunkSplitReason } from './types.js';

export type StructureChunkerConfig = {
  tokenizer: string;
  max_chunk_tokens: number;
  overlap_tokens: number;
  /** Let chunks run across section boundaries (headings then only refuse to end a chunk). */
  cross_sections: boolean;
  /**
   * Deepest section level that bounds chunks; deeper sections (say the
   * `(a)`, `(1)` paragraphs of a regulation under its `§` level) pack with
   * their ancestor at this level. 0: every section bounds chunks.
   */
  section_depth: number;
  /**
   * Sections that come from regulation paragraph designators (`(a)`, `(1)`,
   * `(i)`) pack with their enclosing section instead of bounding chunks; the
   * `§` sections still do.
   */
  merge_paragraph_sections: boolean;
  /** Sentence rules for cutting an oversize block. */
  locale: string;
  include_headers: boolean;
} & FurnitureSetting;

export const STRUCTURE_DEFAULTS: Readonly<StructureChunkerConfig> = Object.freeze({
  tokenizer: 'cl100k_base',
  max_chunk_tokens: 256,
  overlap_tokens: 0,
  cross_sections: false,
  section_depth: 0,
  merge_paragraph_sections: false,
  locale: 'en',
  include_headers: true,
});

const KEYS = [...Object.keys(STRUCTURE_DEFAULTS), FURNITURE_SETTING, 'tokenizer_file', 'limits'];

export type StructureChunkerSettings = Partial<Omit<StructureChunkerConfig, 'tokenizer'>> &
  TokenizerSettings & { limits?: Partial<ChunkLimits> };

/** How a block over the budget is cut, and what its chunks then say. */
interface OversizeCut {
  levels: readonly SplitLevel[];
  reason: ChunkSplitReason;
}

/** Atomic blocks are cut on lines first: a table's rows, a code block's lines. */
const ATOMIC_CUT: OversizeCut = { levels: ['lines', 'words', 'finest'], reason: 'oversize_atomic' };
const PROSE_CUT: OversizeCut = {
  levels: ['sentences', 'words', 'finest'],
  reason: 'oversize_block',
};

type BlockRange = GluableRange;

/** What every unit of one document reads and writes: built once per document. */
interface DocumentRun {
  graphemes: Graphemes;
  doc: CairnDocument;
  out: ChunkAssembler;
}

/** One unit's cutting context, with the assembler its chunks go to. */
interface UnitRun extends SplitContext {
  out: ChunkAssembler;
}

/**
 * The default chunker: packs whole blocks of the document model under a
 * token budget. A section's heading starts its chunks and no chunk holds text
 * of two sections (unless `cross_sections`); tables, code and formulas stay
 * whole unless one alone is over the budget, then it is cut on lines (rows)
 * and its chunks say `oversize_atomic`; other blocks over the budget are cut
 * on sentences, then words (`oversize_block`). The text is tokenized once;
 * each chunk's count is the tokenizer's count for its exact text.
 */
export class StructureChunker extends BaseChunker<StructureChunkerConfig> {
  static readonly chunkerName = 'structure';
  static readonly chunkerVersion = 'v1';
  private readonly counter: TokenCounter;
  private readonly tokenizerSettings: TokenizerSettings;

  constructor(settings: StructureChunkerSettings = {}) {
    const { limits, tokenizer: _t, tokenizer_file: _f, ...rest } = settings;
    checkKnownKeys('structure chunker', settings, KEYS);
    const tokenizerSettings = tokenizerSettingsOf(settings);
    const config = { ...STRUCTURE_DEFAULTS, ...rest };
    const { counter } = checkTokenBudget(
      tokenizerSettings,
      config.max_chunk_tokens,
      config.overlap_tokens,
    );
    checkBoolean('cross_sections', config.cross_sections);
    checkInteger('section_depth', config.section_depth, 0, 64);
    checkBoolean('merge_paragraph_sections', config.merge_paragraph_sections);
    checkBoolean('include_headers', config.include_headers);
    checkLocale('locale', config.locale);
    super(
      StructureChunker.chunkerName,
      StructureChunker.chunkerVersion,
      { ...config, tokenizer: counter.id },
      limits,
    );
    this.counter = counter;
    this.tokenizerSettings = tokenizerSettings;
  }

  protected withOptions(options: ChunkingOptions): StructureChunkerConfig {
    return { ...this.config, ...tokenOptionOverrides(options) };
  }

  protected derive(config: StructureChunkerConfig, limits: Readonly<ChunkLimits>): Chunker {
    const { tokenizer: _id, ...rest } = config;
    return new StructureChunker({ ...rest, ...this.tokenizerSettings, limits });
  }

  protected run(source: ChunkSource): Chunk[] {
    // refused before it is parsed: the document model of a text costs many times its size
    if (source.doc === null)
      checkContentSize(source.text, { start16: 0, end16: source.text.length }, this.limits);
    // a bare string is read as plain text: paragraphs on blank lines, numbered headings
    const doc = source.doc ?? buildTextDocument(source.text, { source_url: 'text' });
    const text = doc.canonical;
    const graphemes = new Graphemes(text);
    const out = new ChunkAssembler(
      { text, doc },
      { includeHeaders: this.config.include_headers, limits: this.limits },
    );
    const ranges = blockRanges(doc, text, out.surrogates);
    const run: DocumentRun = { graphemes, doc, out };
    let next = 0;
    for (const unit of textUnits({ text, doc }, this.includeFurniture)) {
      checkContentSize(text, unit, this.limits);
      out.beginUnit(unit);
      while (next < ranges.length && ranges[next]!.start16 < unit.start16) next++;
      const inside: BlockRange[] = [];
      for (; next < ranges.length && ranges[next]!.end16 <= unit.end16; next++)
        inside.push(ranges[next]!);
      this.chunkUnit(run, unit, inside);
    }
    return out.finish();
  }

  private chunkUnit(run: DocumentRun, unit: TextUnit, blocks: BlockRange[]): void {
    const { graphemes, doc, out } = run;
    const { max_chunk_tokens: budget, overlap_tokens: overlap } = this.config;
    const text = graphemes.text;
    const start = trimmedStart(graphemes, unit.start16, unit.end16);
    if (start >= unit.end16) return;
    const table = PieceTable.scan(graphemes, unit.start16, unit.end16, {
      counter: this.counter,
      maxPieceTokens: budget,
      windowUnits: windowUnitsFor(budget),
    });
    const measure = tokenMeasure(table, budget);
    const ctx: UnitRun = { text, graphemes, measure, table, locale: this.config.locale, out };
    if (blocks.length === 0) {
      // a unit the model says nothing about (a JSON node without blocks): one prose block
      const end = trimSpaceEnd(text, start, unit.end16);
      this.chunkOversize(ctx, start, end, PROSE_CUT);
      return;
    }
    // one list for every segment of the unit: an eCFR section holds a few lines, and a list
    // of typed arrays per segment was the chunker's largest allocation
    const segment = new AtomList(measure);
    const flush = (): void => {
      if (segment.length === 0) return;
      packWindows(graphemes, segment, { budget, overlap }, (window) => {
        out.add(
          segment.start16(window.first),
          segment.end16(window.last),
          window.cost,
          window.splitsGrapheme ? { split_reason: 'oversize_grapheme' } : {},
        );
      });
      segment.clear();
    };
    let group: number | null | undefined;
    const groupOf = (range: BlockRange) => this.groupOf(range.block, doc);
    for (const range of glueInvisibleMarkup(blocks, text, groupOf)) {
      const key = this.groupOf(range.block, doc);
      if (key !== group) {
        flush();
        group = key;
      }
      if (
        range.markup !== undefined &&
        !fits(measure, range.start16, range.end16) &&
        fits(measure, range.markup.block16, range.end16)
      ) {
        // the markup would push a block that fits over the budget: the block stays whole and
        // the markup goes as an atom of its own, packed with what is before it where it fits
        segment.push(range.start16, range.markup.end16, false);
        segment.push(
          range.markup.block16,
          range.end16,
          this.config.cross_sections && range.block.type === 'heading',
        );
        continue;
      }
      if (fits(measure, range.start16, range.end16)) {
        segment.push(
          range.start16,
          range.end16,
          this.config.cross_sections && range.block.type === 'heading',
        );
        continue;
      }
      flush();
      const cut = ATOMIC_BLOCK_TYPES.has(range.block.type) ? ATOMIC_CUT : PROSE_CUT;
      this.chunkOversize(ctx, range.start16, range.end16, cut);
    }
    flush();
  }

  /** One block over the budget: cut at the given levels, packed on its own, parts numbered. */
  private chunkOversize(ctx: UnitRun, start16: number, end16: number, cut: OversizeCut): void {
    const { out } = ctx;
    const parts = new AtomList(ctx.measure);
    splitRange(ctx, start16, end16, { levels: cut.levels, push: (s, e) => parts.push(s, e) });
    let part = 0;
    const { max_chunk_tokens: budget, overlap_tokens: overlap } = this.config;
    packWindows(ctx.graphemes, parts, { budget, overlap }, (window) => {
      out.add(parts.start16(window.first), parts.end16(window.last), window.cost, {
        block_part: part++,
        split_reason: window.splitsGrapheme ? 'oversize_grapheme' : cut.reason,
      });
    });
    // a block that fit after all (trimmed) is not split: drop the part number
    if (part === 1) {
      const last = out.chunks[out.chunks.length - 1]!;
      last.block_part = null;
      delete last.split_reason;
    }
  }

  /** The section that bounds a block's chunks: its own, an ancestor (`section_depth`, paragraph sections), or one for all. */
  private groupOf(block: Block, doc: CairnDocument): number | null {
    if (this.config.cross_sections) return -1;
    let section = block.section;
    const depth = this.config.section_depth;
    if (depth > 0) {
      while (section !== null && doc.sections[section]!.level > depth)
        section = doc.sections[section]!.parent;
    }
    if (this.config.merge_paragraph_sections) {
      while (section !== null && doc.sections[section]!.designator?.startsWith('(')) {
        section = doc.sections[section]!.parent;
      }
    }
    return section;
  }
}

/** Block spans as UTF-16 ranges, converted in one forward walk. */
function blockRanges(doc: CairnDocument, text: string, surrogates: boolean): BlockRange[] {
  const cursor = new CodePointCursor(text, surrogates);
  return doc.blocks.map((block) => ({
    block,
    start16: cursor.index16(block.span.start),
    end16: cursor.index16(block.span.end),
  }));
}

export function createStructureChunker(settings?: StructureChunkerSettings): StructureChunker {
  return new StructureChunker(settings);
}
