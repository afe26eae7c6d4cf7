import { CairnError } from '../errors.js';
import { OffsetIndex } from '../load/offset-index.js';
import type { CairnDocument } from '../types.js';
import { BaseChunker } from './base-chunker.js';
import { checkBoolean, checkInteger, checkKnownKeys, checkLocale } from './check-options.js';
import { ChunkAssembler } from './chunk-assembler.js';
import { checkContentSize } from './chunk-limits.js';
import { FURNITURE_SETTING } from './furniture-setting.js';
import { Graphemes } from './grapheme.js';
import { tokenMeasure } from './measure.js';
import { type Atoms, packWindows } from './pack-windows.js';
import { runChunker } from './run-chunker.js';
import { AtomList, splitRange } from './split-range.js';
import { skipSpace } from './text-scan.js';
import { type ChunkSource, type TextUnit, textUnits, toChunkSource } from './text-units.js';
import { PieceTable } from './tokenizers/piece-table.js';
import { type TokenizerSettings, windowUnitsFor } from './tokenizers/resolve-token-counter.js';
import { checkTokenBudget, tokenizerSettingsOf } from './tokenizers/token-budget.js';
import type { TokenCounter } from './tokenizers/token-counter.js';
import type { Chunk, Chunker, ChunkingOptions, ChunkLimits, SentenceEmbedder } from './types.js';

export type SemanticChunkerConfig = {
  /** The embedder's id: another model finds other breakpoints, so another chunker id. */
  embedder: string;
  tokenizer: string;
  max_chunk_tokens: number;
  /** A gap between neighbouring sentences breaks when its distance is above this percentile of the document's gaps. */
  breakpoint_percentile: number;
  /**
   * Sentences on each side of a gap embedded together and compared, so that
   * one short sentence does not decide alone.
   */
  window_sentences: number;
  locale: string;
  include_headers: boolean;
  include_furniture?: boolean;
};

export type SemanticChunkerSettings = {
  /** Required: what embeds the sentence windows (the embed stage's `Embedder` is one). */
  embedder?: SentenceEmbedder;
  max_chunk_tokens?: number;
  breakpoint_percentile?: number;
  window_sentences?: number;
  locale?: string;
  include_headers?: boolean;
  include_furniture?: boolean;
  /** Windows per embedder call (default 1024): bounds memory, never changes the chunks, so not in the id. */
  windows_per_call?: number;
  limits?: Partial<ChunkLimits>;
} & TokenizerSettings;

const KEYS = [
  'embedder',
  'max_chunk_tokens',
  'breakpoint_percentile',
  'window_sentences',
  'locale',
  'include_headers',
  FURNITURE_SETTING,
  'windows_per_call',
  'tokenizer',
  'tokenizer_file',
  'limits',
];

/** Windows sent to the embedder per call: what a document's embedding holds in memory at once. */
const WINDOWS_PER_CALL = 1024;

export const SEMANTIC_DEFAULTS = {
  max_chunk_tokens: 512,
  breakpoint_percentile: 95,
  window_sentences: 2,
} as const;

/** One stretch of text chunked on its own: a section's run of blocks within a text unit. */
interface Stretch {
  atoms: AtomList;
  /** For the gap after atom i: the windows (indices into the plan's texts) before and after it. */
  left: Uint32Array;
  right: Uint32Array;
  /** No break after an atom that ends at or before this (the section's heading). */
  head_end16: number;
}

interface Plan {
  graphemes: Graphemes;
  units: { unit: TextUnit; stretches: Stretch[] }[];
  windows: string[];
}

/**
 * Semantic chunking: sentences (Intl.Segmenter, a sentence over the budget
 * cut between words); at each gap between two sentences, the
 * `window_sentences` before it and those after it are embedded, and where
 * their cosine distance is above the document's `breakpoint_percentile` of
 * such distances, a chunk ends. A run between
 * breakpoints longer than `max_chunk_tokens` is packed greedily under it. No
 * chunk holds text of two sections, nor ends right after its section's
 * heading; offsets are exact as with every chunker.
 *
 * It awaits its embedder, so it chunks through `chunkAsync` (`runChunker`);
 * `chunk` throws. Its id hashes the embedder's id with its settings.
 */
export class SemanticChunker extends BaseChunker<SemanticChunkerConfig> {
  static readonly chunkerName = 'semantic';
  static readonly chunkerVersion = 'v1';
  private readonly counter: TokenCounter;
  private readonly tokenizerSettings: TokenizerSettings;
  private readonly embedder: SentenceEmbedder;
  private readonly windowsPerCall: number;

  constructor(settings: SemanticChunkerSettings = {}) {
    checkKnownKeys('semantic chunker', settings, KEYS);
    const embedder = settings.embedder;
    if (
      embedder === undefined ||
      typeof embedder.id !== 'string' ||
      typeof embedder.embed !== 'function'
    ) {
      throw new CairnError(
        'invalid_option',
        'The semantic chunker needs an embedder ({ id, embed }): createSemanticChunker({ embedder }), or --embedder on the command line',
        { details: { option: 'embedder' } },
      );
    }
    const tokenizerSettings = tokenizerSettingsOf(settings);
    const budget = checkTokenBudget(
      tokenizerSettings,
      settings.max_chunk_tokens ?? SEMANTIC_DEFAULTS.max_chunk_tokens,
      0,
    );
    const config: SemanticChunkerConfig = {
      embedder: embedder.id,
      tokenizer: budget.counter.id,
      max_chunk_tokens: budget.max,
      breakpoint_percentile: checkInteger(
        'breakpoint_percentile',
        settings.breakpoint_percentile ?? SEMANTIC_DEFAULTS.breakpoint_percentile,
        1,
        99,
      ),
      window_sentences: checkInteger(
        'window_sentences',
        settings.window_sentences ?? SEMANTIC_DEFAULTS.window_sentences,
        1,
        8,
      ),
      locale: checkLocale('locale', settings.locale ?? 'en'),
      include_headers: checkBoolean('include_headers', settings.include_headers ?? true),
      include_furniture: settings.include_furniture,
    };
    super(SemanticChunker.chunkerName, SemanticChunker.chunkerVersion, config, settings.limits);
    this.counter = budget.counter;
    this.tokenizerSettings = tokenizerSettings;
    this.embedder = embedder;
    this.windowsPerCall = checkInteger(
      'windows_per_call',
      settings.windows_per_call ?? WINDOWS_PER_CALL,
      1,
    );
  }

  async chunkAsync(
    input: CairnDocument | string,
    options?: ChunkingOptions,
    call: { signal?: AbortSignal } = {},
  ): Promise<Chunk[]> {
    const chunker = this.configure(options);
    if (chunker !== this) return runChunker(chunker, input, undefined, call);
    const source = toChunkSource(input);
    const plan = this.plan(source);
    return this.assemble(source, plan, await this.measureGaps(plan, call.signal));
  }

  /**
   * Each gap's distance, embedding the windows a group at a time: a gap's
   * windows were made at most a few windows apart, and a vector no later gap
   * needs is dropped, so memory holds a group of vectors, not a document's.
   */
  private async measureGaps(plan: Plan, signal?: AbortSignal): Promise<Float64Array[]> {
    const stretches = plan.units.flatMap((unit) => unit.stretches);
    const gaps = stretches.map((stretch) => new Float64Array(stretch.left.length));
    const vectors: (Float32Array | undefined)[] = new Array(plan.windows.length);
    let s = 0;
    let i = 0;
    for (let done = 0; done < plan.windows.length; ) {
      const texts = plan.windows.slice(done, done + this.windowsPerCall);
      const got = await this.embedder.embed(texts, signal === undefined ? {} : { signal });
      if (got.length !== texts.length) {
        throw new CairnError(
          'embedder_bad_response',
          `${this.embedder.id} returned ${got.length} vectors for ${texts.length} texts`,
        );
      }
      got.forEach((vector, k) => {
        vectors[done + k] = vector;
      });
      done += texts.length;
      // windows are made in gap order, so each gap's right window is the newest it needs
      for (; s < stretches.length; s++, i = 0) {
        const { left, right } = stretches[s]!;
        for (; i < left.length && right[i]! < done && left[i]! < done; i++) {
          gaps[s]![i] = cosineDistance(vectors[left[i]!]!, vectors[right[i]!]!);
        }
        if (i < left.length) break;
      }
      const keep = s < stretches.length ? oldestNeeded(stretches[s]!.left, i, done) : done;
      for (let k = keep - 1; k >= 0 && vectors[k] !== undefined; k--) vectors[k] = undefined;
    }
    return gaps;
  }

  protected withOptions(options: ChunkingOptions): SemanticChunkerConfig {
    return {
      ...this.config,
      max_chunk_tokens: options.max_chunk_tokens ?? this.config.max_chunk_tokens,
      include_headers: options.include_headers ?? this.config.include_headers,
    };
  }

  protected derive(config: SemanticChunkerConfig, limits: Readonly<ChunkLimits>): Chunker {
    const { embedder: _id, tokenizer: _tokenizer, ...rest } = config;
    return new SemanticChunker({
      ...rest,
      ...this.tokenizerSettings,
      embedder: this.embedder,
      windows_per_call: this.windowsPerCall,
      limits,
    });
  }

  protected run(): Chunk[] {
    throw new CairnError(
      'invalid_option',
      `The semantic chunker embeds while it chunks: call chunkAsync (or runChunker), not chunk`,
      { details: { chunker_id: this.chunker_id } },
    );
  }

  /** Sentences per section, and the text of each sentence's window, before any embedding. */
  private plan(source: ChunkSource): Plan {
    const { text } = source;
    const config = this.config;
    const budget = config.max_chunk_tokens;
    const graphemes = new Graphemes(text);
    const index = source.doc === null ? null : new OffsetIndex(text);
    const plan: Plan = { graphemes, units: [], windows: [] };
    for (const unit of textUnits(source, this.includeFurniture)) {
      checkContentSize(text, unit, this.limits);
      const stretches: Stretch[] = [];
      plan.units.push({ unit, stretches });
      if (skipSpace(text, unit.start16, unit.end16) >= unit.end16) continue;
      const table = PieceTable.scan(graphemes, unit.start16, unit.end16, {
        counter: this.counter,
        maxPieceTokens: budget,
        windowUnits: windowUnitsFor(budget),
      });
      const measure = tokenMeasure(table, budget);
      for (const [a16, b16, headEnd16] of sectionStretches(source, unit, index)) {
        if (skipSpace(text, a16, b16) >= b16) continue;
        const atoms = new AtomList(measure);
        splitRange({ text, graphemes, measure, table, locale: config.locale }, a16, b16, {
          levels: ['sentences', 'words', 'finest'],
          push: (s, e) => atoms.push(s, e),
        });
        if (atoms.length === 0) continue;
        const n = atoms.length;
        const width = config.window_sentences;
        const left = new Uint32Array(Math.max(0, n - 1));
        const right = new Uint32Array(Math.max(0, n - 1));
        // the window after one gap is the window before another: each is embedded once
        const seen = new Map<string, number>();
        const windowOf = (first: number, last: number): number => {
          const from = atoms.start16(first);
          const to = atoms.end16(last);
          const key = `${from}:${to}`;
          let at = seen.get(key);
          if (at === undefined) {
            at = plan.windows.length;
            plan.windows.push(text.slice(from, to));
            seen.set(key, at);
          }
          return at;
        };
        for (let i = 0; i + 1 < n; i++) {
          left[i] = windowOf(Math.max(0, i - width + 1), i);
          right[i] = windowOf(i + 1, Math.min(n - 1, i + width));
        }
        stretches.push({ atoms, left, right, head_end16: headEnd16 });
      }
    }
    return plan;
  }

  /** Breakpoints from the window vectors, then chunks packed between them under the budget. */
  private assemble(source: ChunkSource, plan: Plan, gaps: readonly Float64Array[]): Chunk[] {
    const all: number[] = [];
    for (const gap of gaps) for (const distance of gap) all.push(distance);
    const threshold = percentile(all, this.config.breakpoint_percentile);
    const out = new ChunkAssembler(source, {
      includeHeaders: this.config.include_headers,
      limits: this.limits,
    });
    const budget = this.config.max_chunk_tokens;
    let s = 0;
    for (const { unit, stretches } of plan.units) {
      out.beginUnit(unit);
      for (const stretch of stretches) {
        const gap = gaps[s++]!;
        const { atoms } = stretch;
        let from = 0;
        for (let i = 0; i < atoms.length; i++) {
          const last = i === atoms.length - 1;
          const breaks = !last && gap[i]! > threshold && atoms.end16(i) > stretch.head_end16;
          if (!last && !breaks) continue;
          packWindows(plan.graphemes, atomRange(atoms, from, i), { budget, overlap: 0 }, (w) => {
            out.add(
              atoms.start16(from + w.first),
              atoms.end16(from + w.last),
              w.cost,
              w.splitsGrapheme ? { split_reason: 'oversize_grapheme' } : {},
            );
          });
          from = i + 1;
        }
      }
    }
    return out.finish();
  }
}

export function createSemanticChunker(settings: SemanticChunkerSettings): SemanticChunker {
  return new SemanticChunker(settings);
}

/**
 * The unit cut where a block of another section starts, so that no chunk
 * holds two sections' text; each stretch with the end of its opening
 * heading block (its start when it opens with none).
 */
function sectionStretches(
  source: ChunkSource,
  unit: TextUnit,
  index: OffsetIndex | null,
): [number, number, number][] {
  const blocks = source.doc?.blocks ?? [];
  const cuts: [number, number][] = [[unit.start16, unit.start16]];
  let previous: number | null | undefined;
  for (const block of blocks) {
    const start16 = index!.index16(block.span.start);
    if (start16 < unit.start16 || start16 >= unit.end16) continue;
    const head = block.type === 'heading' ? index!.index16(block.span.end) : start16;
    if (previous === undefined) cuts[0] = [unit.start16, Math.max(unit.start16, head)];
    else if (block.section !== previous && start16 > cuts.at(-1)![0]) cuts.push([start16, head]);
    previous = block.section;
  }
  return cuts.map(([start16, head], i) => [start16, cuts[i + 1]?.[0] ?? unit.end16, head]);
}

/**
 * The oldest window the gaps from `i` on still need. Left windows grow with
 * the gap except over a stretch's first gaps, whose short windows are made
 * new while later gaps reuse older ones: the next `window_sentences` + 1
 * cover every case (8 + 1 at most).
 */
function oldestNeeded(left: Uint32Array, i: number, done: number): number {
  let oldest = done;
  for (let j = i; j < Math.min(left.length, i + 10); j++) oldest = Math.min(oldest, left[j]!);
  return oldest;
}

/** Atoms from..to of a list, as a list of their own for the packer. */
function atomRange(atoms: AtomList, from: number, to: number): Atoms {
  return {
    length: to - from + 1,
    start16: (i) => atoms.start16(from + i),
    end16: (i) => atoms.end16(from + i),
    estimate: (i, j) => atoms.estimate(from + i, from + j),
    cost: (i, j) => atoms.cost(from + i, from + j),
  };
}

/** 1 − cosine; 1 when either vector is all zeros (nothing in common). */
function cosineDistance(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 1 : 1 - dot / Math.sqrt(na * nb);
}

/** The p-th percentile with linear interpolation between ranks (numpy's default); +∞ for no values. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.POSITIVE_INFINITY;
  const sorted = Float64Array.from(values).sort();
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
