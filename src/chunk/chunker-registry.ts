import { CairnError } from '../errors.js';
import { CharChunker, type CharChunkerSettings } from './char-chunker.js';
import { parseChunkerId } from './chunker-id.js';
import { recordOwner, setFallbackStrategyRegistry } from './select-strategy.js';
import { SemanticChunker, type SemanticChunkerSettings } from './semantic-chunker.js';
import { SentenceChunker, type SentenceChunkerSettings } from './sentence-chunker.js';
import { StructureChunker, type StructureChunkerSettings } from './structure-chunker.js';
import { TokenChunker, type TokenChunkerSettings } from './token-chunker.js';
import { TokenLikeChunker, type TokenLikeChunkerSettings } from './token-like-chunker.js';
import type { Chunker, SentenceEmbedder } from './types.js';

/** Builds one kind of chunker; `create()` without settings gives the defaults. */
export interface ChunkerFactory<S = Record<string, unknown>> {
  readonly name: string;
  readonly version: string;
  create(settings?: S): Chunker;
  /**
   * Set when `create()` has no defaults to build (the semantic chunker
   * without an embedder): what it needs. `get(name)` then fails saying so,
   * and `list_ids` leaves the kind out.
   */
  readonly needs?: string;
}

/**
 * Reusable chunkers by id (seed 002). Instances are made on first use and
 * kept: a chunker is pure, so one instance serves every caller, and a worker
 * thread that builds its own registry gets identical chunkers and ids.
 *
 * `get` takes a full id (`token@v1:1a2b3c4d`), an alias (`default`), or a
 * bare name (`token`: that chunker with its defaults). A full id whose
 * configuration this registry has not seen cannot be rebuilt from its hash:
 * `create(name, settings)` (or `add`) makes it known.
 */
export class ChunkerRegistry {
  private readonly factories = new Map<string, ChunkerFactory>();
  private readonly aliases = new Map<string, string>();
  private readonly byId = new Map<string, Chunker>();
  private readonly defaults = new Map<string, Chunker>();

  register<S>(factory: ChunkerFactory<S>, options: { aliases?: string[] } = {}): this {
    if (parseChunkerId(`${factory.name}@${factory.version}:00000000`) === null) {
      throw new CairnError(
        'invalid_option',
        `"${factory.name}@${factory.version}" is not a valid chunker name and version`,
      );
    }
    if (this.factories.has(factory.name)) {
      throw new CairnError(
        'invalid_option',
        `A chunker named "${factory.name}" is already registered`,
      );
    }
    this.factories.set(factory.name, factory as ChunkerFactory);
    for (const alias of options.aliases ?? []) this.alias(alias, factory.name);
    return this;
  }

  /** Points `alias` at a name or an id; re-pointing an alias is allowed (it is configuration). */
  alias(alias: string, target: string): this {
    if (this.factories.has(alias) || parseChunkerId(alias) !== null) {
      throw new CairnError('invalid_option', `Alias "${alias}" would hide a chunker name or id`);
    }
    this.aliases.set(alias, target);
    return this;
  }

  /** Makes an existing instance reachable by its id. */
  add(chunker: Chunker): Chunker {
    const known = this.byId.get(chunker.chunker_id);
    if (known) return known;
    this.byId.set(chunker.chunker_id, chunker);
    recordOwner(chunker, this);
    return chunker;
  }

  /** A configured chunker of a registered kind, kept under its id (the same id gives the same instance). */
  create(name: string, settings?: Record<string, unknown>): Chunker {
    const factory = this.factories.get(name);
    if (!factory) throw this.unknown(name);
    return this.add(factory.create(settings));
  }

  get(id: string): Chunker {
    const found = this.lookup(id, 0);
    if (!found) throw this.unknown(id);
    return found;
  }

  has(id: string): boolean {
    try {
      return this.lookup(id, 0) !== null;
    } catch {
      // a kind without defaults (`needs`), asked for by name
      return false;
    }
  }

  /** The full chunker id for a name, alias or id this registry knows; anything else as given (a stored id). */
  id_of(nameOrId: string): string {
    return this.has(nameOrId) ? this.lookup(nameOrId, 0)!.chunker_id : nameOrId;
  }

  /** Every id `get` answers with an exact id: each kind's defaults and every instance made since. */
  list_ids(): string[] {
    for (const [name, factory] of this.factories)
      if (factory.needs === undefined) this.defaultOf(name);
    return [...this.byId.keys()].sort();
  }

  /** Registered kinds and aliases, without building any chunker. */
  list_names(): { names: string[]; aliases: Record<string, string> } {
    return { names: [...this.factories.keys()].sort(), aliases: Object.fromEntries(this.aliases) };
  }

  private lookup(id: string, depth: number): Chunker | null {
    const exact = this.byId.get(id);
    if (exact) return exact;
    const target = this.aliases.get(id);
    if (target !== undefined) return depth > 8 ? null : this.lookup(target, depth + 1);
    if (this.factories.has(id)) return this.defaultOf(id);
    const parts = parseChunkerId(id);
    const factory = parts === null ? undefined : this.factories.get(parts.name);
    if (parts && factory?.version === parts.version && factory.needs === undefined) {
      // the id may be the defaults' id before they were first built
      const chunker = this.defaultOf(parts.name);
      return chunker.chunker_id === id ? chunker : null;
    }
    return null;
  }

  private defaultOf(name: string): Chunker {
    let chunker = this.defaults.get(name);
    if (!chunker) {
      const factory = this.factories.get(name)!;
      if (factory.needs !== undefined) {
        throw new CairnError(
          'invalid_option',
          `The ${name} chunker needs ${factory.needs}: build it with its settings (create("${name}", { embedder }), createChunkerRegistry({ embedder })), or on the command line give --embedder`,
          { details: { option: name, needs: factory.needs } },
        );
      }
      chunker = this.add(factory.create());
      this.defaults.set(name, chunker);
    }
    return chunker;
  }

  private unknown(id: string): CairnError {
    const { names, aliases } = this.list_names();
    const ids = [...this.byId.keys()].sort();
    const parts = parseChunkerId(id);
    const hint =
      parts && this.factories.has(parts.name)
        ? ` (${parts.name} is known, but not with configuration ${parts.config_hash}: create it with the same settings first)`
        : '';
    return new CairnError(
      'unknown_chunker',
      `Unknown chunker "${id}"${hint}. Known names: ${names.join(', ')}; aliases: ${
        Object.keys(aliases).join(', ') || 'none'
      }; ids: ${ids.join(', ') || 'none built yet'}`,
      { details: { received: id, names, aliases, ids } },
    );
  }
}

const CHUNKER_FACTORIES = {
  char: {
    name: CharChunker.chunkerName,
    version: CharChunker.chunkerVersion,
    create: (settings?: CharChunkerSettings) => new CharChunker(settings),
  },
  'token-like': {
    name: TokenLikeChunker.chunkerName,
    version: TokenLikeChunker.chunkerVersion,
    create: (settings?: TokenLikeChunkerSettings) => new TokenLikeChunker(settings),
  },
  token: {
    name: TokenChunker.chunkerName,
    version: TokenChunker.chunkerVersion,
    create: (settings?: TokenChunkerSettings) => new TokenChunker(settings),
  },
  sentence: {
    name: SentenceChunker.chunkerName,
    version: SentenceChunker.chunkerVersion,
    create: (settings?: SentenceChunkerSettings) => new SentenceChunker(settings),
  },
  structure: {
    name: StructureChunker.chunkerName,
    version: StructureChunker.chunkerVersion,
    create: (settings?: StructureChunkerSettings) => new StructureChunker(settings),
  },
} as const;

/**
 * The semantic chunker's kind: with an embedder, its defaults embed with it;
 * without, it is built only with settings that name one.
 */
function semanticFactory(embedder?: SentenceEmbedder): ChunkerFactory<SemanticChunkerSettings> {
  return {
    name: SemanticChunker.chunkerName,
    version: SemanticChunker.chunkerVersion,
    create: (settings?: SemanticChunkerSettings) =>
      new SemanticChunker(embedder === undefined ? settings : { embedder, ...settings }),
    ...(embedder === undefined ? { needs: 'an embedder' } : {}),
  };
}

export interface ChunkerRegistryOptions {
  /** The embedder of the `semantic` chunker's defaults (`strategy: 'semantic'`, `get('semantic')`). */
  embedder?: SentenceEmbedder;
}

/** A registry with the built-in chunkers; `default` is `structure`. */
export function createChunkerRegistry(options: ChunkerRegistryOptions = {}): ChunkerRegistry {
  const registry = new ChunkerRegistry();
  registry.register(CHUNKER_FACTORIES.char);
  registry.register(CHUNKER_FACTORIES['token-like']);
  registry.register(CHUNKER_FACTORIES.token);
  registry.register(CHUNKER_FACTORIES.sentence);
  registry.register(CHUNKER_FACTORIES.structure, { aliases: ['default'] });
  registry.register(semanticFactory(options.embedder));
  return registry;
}

let shared: ChunkerRegistry | null = null;

/** The process-wide registry, built on first use (application start-up, per seed 002). */
export function defaultChunkerRegistry(): ChunkerRegistry {
  shared ??= createChunkerRegistry();
  return shared;
}

setFallbackStrategyRegistry(defaultChunkerRegistry);
