/** Pieces longer than this are counted every time: long ones are rare, and each would take a slot's worth of units many times over. */
export const MAX_CACHED_UNITS = 64;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 units of `text[from, to)`. */
export function pieceHash(text: string, from: number, to: number): number {
  let hash = FNV_OFFSET;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash;
}

/**
 * Token counts of tokenizer pieces, looked up by the piece's UTF-16 units
 * read in place from the text it was cut from: a lookup makes no substring
 * and hashes no V8 string, which were most of a `Map` memo's cost over the
 * millions of short pieces of a corpus. The units of kept pieces are copied
 * into a pool of its own, so no document stays alive through a key.
 *
 * Open addressing with linear probes over a power-of-two table, at most half
 * full: when it fills, it starts again empty, so a long run keeps the pieces
 * its recent documents repeat and its memory stays bounded
 * (`slots * 13` bytes plus at most `slots / 2 * MAX_CACHED_UNITS` units).
 */
export class PieceCountCache {
  private readonly mask: number;
  private readonly limit: number;
  private size = 0;
  /** 0 marks a free slot: no piece is empty. */
  private readonly lengths: Uint8Array;
  private readonly hashes: Int32Array;
  private readonly starts: Int32Array;
  private readonly counts: Int32Array;
  private units: Uint16Array;
  private used = 0;

  constructor(slots = 1 << 17) {
    if (!Number.isInteger(Math.log2(slots)) || slots < 2) {
      throw new RangeError(`PieceCountCache slots must be a power of two, not ${slots}`);
    }
    this.mask = slots - 1;
    this.limit = slots >> 1;
    this.lengths = new Uint8Array(slots);
    this.hashes = new Int32Array(slots);
    this.starts = new Int32Array(slots);
    this.counts = new Int32Array(slots);
    this.units = new Uint16Array(Math.min(this.limit * MAX_CACHED_UNITS, 1 << 16));
  }

  /** Pieces kept now. */
  get entries(): number {
    return this.size;
  }

  /**
   * The count of the piece `text[from, to)`: the one kept for the same
   * units, else `countPiece` of the piece as a string of its own, kept when
   * the piece is short enough.
   */
  count(text: string, from: number, to: number, countPiece: (piece: string) => number): number {
    const length = to - from;
    if (length > MAX_CACHED_UNITS || length <= 0) return countPiece(text.slice(from, to));
    const hash = pieceHash(text, from, to);
    const { lengths, hashes, mask } = this;
    let slot = hash & mask;
    while (lengths[slot] !== 0) {
      if (hashes[slot] === hash && lengths[slot] === length && this.holds(slot, text, from, to)) {
        return this.counts[slot]!;
      }
      slot = (slot + 1) & mask;
    }
    const count = countPiece(text.slice(from, to));
    if (this.size === this.limit) {
      this.clear();
      slot = hash & mask;
    }
    this.hashes[slot] = hash;
    this.counts[slot] = count;
    this.keepUnits(slot, text, from, to);
    return count;
  }

  private holds(slot: number, text: string, from: number, to: number): boolean {
    const units = this.units;
    let at = this.starts[slot]!;
    for (let i = from; i < to; i++, at++) if (units[at] !== text.charCodeAt(i)) return false;
    return true;
  }

  /** Takes `slot` for the units of `text[from, to)`, copied into the pool. */
  private keepUnits(slot: number, text: string, from: number, to: number): void {
    const length = to - from;
    if (this.used + length > this.units.length) {
      const grown = new Uint16Array(this.units.length * 2);
      grown.set(this.units.subarray(0, this.used));
      this.units = grown;
    }
    const units = this.units;
    const start = this.used;
    for (let k = 0; k < length; k++) units[start + k] = text.charCodeAt(from + k);
    this.used += length;
    this.lengths[slot] = length;
    this.starts[slot] = start;
    this.size++;
  }

  private clear(): void {
    this.lengths.fill(0);
    this.size = 0;
    this.used = 0;
  }
}
