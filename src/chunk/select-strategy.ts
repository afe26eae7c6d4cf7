import { CairnError } from '../errors.js';
import type { Chunker } from './types.js';

/** What `strategy` needs of a registry: the chunker for a name, and the names to list. */
export interface StrategyRegistry {
  get(id: string): Chunker;
  list_names(): { names: string[]; aliases: Record<string, string> };
}

// A chunker answers `strategy` from the registry that made it; the default
// registry registers itself here, since importing it would make a cycle
// (the registry imports every chunker, every chunker this base).
const owners = new WeakMap<Chunker, StrategyRegistry>();
let fallback: (() => StrategyRegistry) | null = null;

/** Remembers which registry made `chunker` (the first one that did). */
export function recordOwner(chunker: Chunker, registry: StrategyRegistry): void {
  if (!owners.has(chunker)) owners.set(chunker, registry);
}

/** A chunker derived from another (options, limits) answers `strategy` from the same registry. */
export function inheritOwner(from: Chunker, to: Chunker): void {
  const owner = owners.get(from);
  if (owner !== undefined) recordOwner(to, owner);
}

/** The registry for chunkers no registry made (built with `new`). */
export function setFallbackStrategyRegistry(get: () => StrategyRegistry): void {
  fallback = get;
}

/**
 * The chunker `strategy` names, from `from`'s registry: a registered name or
 * alias. Anything else is `invalid_option` with the known names, so a typo
 * never falls back to the chunker the caller happened to hold.
 */
export function selectStrategy(strategy: unknown, from: Chunker): Chunker {
  const registry = owners.get(from) ?? fallback?.();
  if (registry === undefined) {
    throw new CairnError('internal_invariant', 'No chunker registry to select a strategy from');
  }
  const { names, aliases } = registry.list_names();
  const known = [...names, ...Object.keys(aliases)];
  if (typeof strategy !== 'string' || !known.includes(strategy)) {
    const received = typeof strategy === 'string' ? JSON.stringify(strategy) : String(strategy);
    throw new CairnError(
      'invalid_option',
      `Unknown strategy ${received}: known chunkers are ${known.join(', ')}`,
      { details: { option: 'strategy', received, expected: known.join('|') } },
    );
  }
  return registry.get(strategy);
}
