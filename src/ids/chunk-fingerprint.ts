import { sha1Hex } from '../load/hash.js';
import { normalizeText } from '../load/normalize-text.js';

/**
 * What alignment compares of a chunk: an exact key, and a bag of words for
 * near matches, built only when a near match is looked for (a re-ingest of
 * unchanged text never needs one).
 */
export class ChunkFingerprint {
  /** sha1 of the normalized text: whitespace-only and Unicode-composition edits do not count. */
  readonly hash: string;
  private readonly normalized: string;
  private bag: Map<string, number> | null = null;
  private count = 0;

  constructor(text: string) {
    this.normalized = normalizeText(text);
    this.hash = sha1Hex(this.normalized);
  }

  /** Lower-cased words and numbers with their counts. */
  get words(): Map<string, number> {
    if (this.bag === null) {
      this.bag = new Map();
      for (const match of this.normalized.toLowerCase().matchAll(WORD)) {
        this.bag.set(match[0], (this.bag.get(match[0]) ?? 0) + 1);
        this.count++;
      }
    }
    return this.bag;
  }

  /** Total count of `words`. */
  get size(): number {
    this.words;
    return this.count;
  }
}

const WORD = /[\p{L}\p{N}_]+/gu;

export function fingerprintChunk(text: string): ChunkFingerprint {
  return new ChunkFingerprint(text);
}

/** Words the two bags share, counted with multiplicity. */
function sharedWords(a: ChunkFingerprint, b: ChunkFingerprint): number {
  const [small, large] = a.words.size <= b.words.size ? [a.words, b.words] : [b.words, a.words];
  let shared = 0;
  for (const [word, count] of small) shared += Math.min(count, large.get(word) ?? 0);
  return shared;
}

/** Dice coefficient of the word bags, 1 for equal hashes, 0 when either has no words. */
export function similarity(a: ChunkFingerprint, b: ChunkFingerprint): number {
  if (a.hash === b.hash) return 1;
  if (a.size === 0 || b.size === 0) return 0;
  return (2 * sharedWords(a, b)) / (a.size + b.size);
}

/** Share of `part`'s words that also occur in `whole`. */
export function containment(part: ChunkFingerprint, whole: ChunkFingerprint): number {
  if (part.hash === whole.hash) return 1;
  if (part.size === 0) return 0;
  return sharedWords(part, whole) / part.size;
}
