import type { CairnDocument } from '../types.js';
import { resolveLimits } from './chunk-limits.js';
import { canonicalJson, formatChunkerId } from './chunker-id.js';
import { type FurnitureSetting, withFurnitureSetting } from './furniture-setting.js';
import { inheritOwner, selectStrategy } from './select-strategy.js';
import { type ChunkSource, toChunkSource } from './text-units.js';
import type { Chunk, Chunker, ChunkerConfig, ChunkingOptions, ChunkLimits } from './types.js';

/** Derived configurations kept per instance; a caller cycling through more just rebuilds. */
const MAX_DERIVED = 32;

/**
 * What every chunker shares: identity from the effective configuration,
 * per-call options mapped onto a derived instance, string input taken as a
 * plain text. Subclasses hold no per-call state.
 */
export abstract class BaseChunker<C extends ChunkerConfig> implements Chunker {
  readonly chunker_id: string;
  readonly name: string;
  readonly version: string;
  readonly config: Readonly<C>;
  readonly limits: Readonly<ChunkLimits>;
  private readonly derived = new Map<string, Chunker>();

  protected constructor(name: string, version: string, config: C, limits?: Partial<ChunkLimits>) {
    this.name = name;
    this.version = version;
    this.config = Object.freeze(
      withFurnitureSetting({ ...config }, (config as FurnitureSetting).include_furniture),
    );
    this.limits = resolveLimits(limits);
    this.chunker_id = formatChunkerId(name, version, this.config);
  }

  chunk(input: CairnDocument | string, options?: ChunkingOptions): Chunk[] {
    const chunker = this.configure(options);
    if (chunker !== this) return chunker.chunk(input);
    return this.run(toChunkSource(input));
  }

  configure(given?: ChunkingOptions): Chunker {
    if (given === undefined) return this;
    let options = given;
    if (options.strategy !== undefined) {
      const { strategy, ...rest } = options;
      // another chunker takes the call with its registered defaults; this one's own settings stay its own
      if (strategy !== this.name) return selectStrategy(strategy, this).configure(rest);
      options = rest;
    }
    // one place for every chunker: a subclass that rebuilds its configuration need not carry it
    const next = withFurnitureSetting(
      this.withOptions(options),
      options.include_furniture ?? (this.config as FurnitureSetting).include_furniture,
    );
    let key: string;
    try {
      key = canonicalJson(next);
    } catch (error) {
      // NaN or Infinity: the constructor's check names the setting; hashing could not
      this.derive(next, this.limits);
      throw error;
    }
    if (key === canonicalJson(this.config)) return this;
    let chunker = this.derived.get(key);
    if (chunker === undefined) {
      chunker = this.derive(next, this.limits);
      inheritOwner(this, chunker);
      if (this.derived.size >= MAX_DERIVED) this.derived.delete(this.derived.keys().next().value!);
      this.derived.set(key, chunker);
    }
    return chunker;
  }

  /**
   * The same chunker with other safety limits (seed 004's
   * `MAX_CONTENT_SIZE_CHARS`, `MAX_CHUNKS_PER_NODE`): the chunks, and so the
   * chunker id, are the same; only what is refused differs.
   */
  withLimits(limits: Partial<ChunkLimits>): Chunker {
    const chunker = this.derive(this.config, resolveLimits({ ...this.limits, ...limits }));
    inheritOwner(this, chunker);
    return chunker;
  }

  /** The configuration with the seed's per-call options applied (validated by `derive`). */
  /** Whether `furniture` blocks go into chunks (`include_furniture`). */
  protected get includeFurniture(): boolean {
    return (this.config as FurnitureSetting).include_furniture === true;
  }

  protected abstract withOptions(options: ChunkingOptions): C;

  /** A new instance of the same chunker with `config` and `limits`. */
  protected abstract derive(config: C, limits: Readonly<ChunkLimits>): Chunker;

  protected abstract run(source: ChunkSource): Chunk[];
}
