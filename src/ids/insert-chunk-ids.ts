import { CairnError } from '../errors.js';
import type { ChunkIdParts } from './chunk-id-parts.js';
import { compareChunkIds } from './compare-chunk-ids.js';
import { formatChunkId } from './format-chunk-id.js';
import { fractionsBetween } from './fraction-key.js';
import { parseChunkId } from './parse-chunk-id.js';

/**
 * IDs for chunks added by a minor edit. `slots` holds, in reading order,
 * the ID each new chunk already has (kept from the previous version) or
 * null; `natural` the ID a fresh mint would give each chunk. A run of null
 * slots between two IDs is filled with the natural IDs that are unused and
 * fit the order, and the rest with `<left neighbour>+<fraction>` keys, which
 * always exist between two IDs (see fraction-key.ts). `taken` holds every
 * ID that must not be handed out again: the previous version's and any
 * retired ones.
 */
export function fillInsertedIds(
  slots: readonly (string | null)[],
  natural: readonly string[],
  taken: ReadonlySet<string>,
): string[] {
  const used = new Set(taken);
  const fractions = new FractionIndex(used);
  const out = [...slots];
  let k = 0;
  while (k < out.length) {
    if (out[k] !== null) {
      k++;
      continue;
    }
    let end = k;
    while (end < out.length && out[end] === null) end++;
    const left = k > 0 ? out[k - 1]! : null;
    const right = end < out.length ? out[end]! : null;
    // Natural IDs first, greedily, where they are free and keep the order.
    let floor = left;
    for (let i = k; i < end; i++) {
      const id = natural[i]!;
      const fits =
        !used.has(id) &&
        (floor === null || compareChunkIds(floor, id) < 0) &&
        (right === null || compareChunkIds(id, right) < 0);
      if (fits) {
        out[i] = id;
        used.add(id);
        fractions.add(id);
        floor = id;
      }
    }
    // Then the gaps between them, with keys between their neighbours.
    let i = k;
    while (i < end) {
      if (out[i] !== null) {
        i++;
        continue;
      }
      let j = i;
      while (j < end && out[j] === null) j++;
      const ids = fractions.between(
        i > 0 ? out[i - 1]! : null,
        j < out.length ? out[j]! : null,
        j - i,
      );
      for (const id of ids) {
        out[i++] = id;
        used.add(id);
        fractions.add(id);
      }
    }
    k = end;
  }
  return out as string[];
}

/** Fractions already used after each base ID, so that no key is handed out twice. */
class FractionIndex {
  private readonly byBase = new Map<string, Set<string>>();

  constructor(ids: Iterable<string>) {
    for (const id of ids) this.add(id);
  }

  add(id: string): void {
    let parts: ChunkIdParts;
    try {
      parts = parseChunkId(id);
    } catch {
      return; // a foreign retired ID cannot collide with a key we format
    }
    if (parts.insert === '') return;
    const base = formatChunkId({ ...parts, insert: '' });
    const set = this.byBase.get(base);
    if (set) set.add(parts.insert);
    else this.byBase.set(base, new Set([parts.insert]));
  }

  /** `count` ascending IDs strictly between `left` and `right` (null: open end). */
  between(left: string | null, right: string | null, count: number): string[] {
    const rightParts = right === null ? null : parseChunkId(right);
    let base: ChunkIdParts;
    let low = '';
    if (left !== null) {
      const leftParts = parseChunkId(left);
      base = { ...leftParts, insert: '' };
      low = leftParts.insert;
    } else if (rightParts !== null) {
      // Before the first chunk: block 0 is never minted, so keys after it fit below any minted ID.
      base = { ...rightParts, block: 0, part: 0, insert: '' };
    } else {
      throw new CairnError(
        'internal_invariant',
        'Cannot place inserted chunks in a document with no kept chunk',
      );
    }
    const baseId = formatChunkId(base);
    let high: string | null = null;
    if (
      rightParts !== null &&
      rightParts.insert !== '' &&
      formatChunkId({ ...rightParts, insert: '' }) === baseId
    ) {
      high = rightParts.insert;
    }
    if (
      right !== null &&
      high === null &&
      !(compareChunkIds(baseId, right) < 0 && !right.startsWith(`${baseId}+`))
    ) {
      throw new CairnError(
        'internal_invariant',
        `No room for inserted chunks between ${left} and ${right}`,
      );
    }
    return fractionsBetween(low, high, count, this.byBase.get(baseId) ?? new Set()).map((insert) =>
      formatChunkId({ ...base, insert }),
    );
  }
}
