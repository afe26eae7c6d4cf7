/**
 * A set of ids kept as 96-bit hashes in typed arrays, each with the 1-based
 * line it was first seen on: 16 bytes a slot instead of a JavaScript string
 * and a Map entry (about ten times that), so that the validator's memory
 * stays a small fraction of a multi-gigabyte corpus. Two distinct ids collide
 * with probability about n^2 / 2^97 if the digest mixes well (see `digestOf`).
 */
export class CompactIdSet {
  private keys: Uint32Array;
  private lines: Uint32Array;
  private mask: number;
  private count = 0;

  constructor(initialCapacity = 1 << 12) {
    let capacity = 16;
    while (capacity < initialCapacity) capacity *= 2;
    this.keys = new Uint32Array(capacity * 3);
    this.lines = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held by the table, for reports. */
  get byteLength(): number {
    return this.keys.byteLength + this.lines.byteLength;
  }

  /** Adds `id` first seen on `line` (>= 1); returns 0 when new, else the line it was first added on. */
  add(id: string, line: number): number {
    return this.addDigest(digestOf(id), line);
  }

  /** `add` for an id already hashed with `digestOf`. */
  addDigest(digest: Uint32Array, line: number): number {
    const found = this.find(digest);
    if (this.lines[found] !== 0) return this.lines[found]!;
    this.keys.set(digest, found * 3);
    this.lines[found] = line;
    this.count++;
    // linear probing stays short below three quarters full
    if (this.count * 4 > (this.mask + 1) * 3) this.grow();
    return 0;
  }

  /** The line `id` was first added on, or 0. */
  lineOf(id: string): number {
    return this.lineOfDigest(digestOf(id));
  }

  lineOfDigest(digest: Uint32Array): number {
    return this.lines[this.find(digest)]!;
  }

  has(id: string): boolean {
    return this.lineOf(id) !== 0;
  }

  private find(digest: Uint32Array): number {
    const keys = this.keys;
    let slot = digest[0]! & this.mask;
    while (this.lines[slot] !== 0) {
      const at = slot * 3;
      if (keys[at] === digest[0] && keys[at + 1] === digest[1] && keys[at + 2] === digest[2]) {
        return slot;
      }
      slot = (slot + 1) & this.mask;
    }
    return slot;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldLines = this.lines;
    const capacity = (this.mask + 1) * 2;
    this.keys = new Uint32Array(capacity * 3);
    this.lines = new Uint32Array(capacity);
    this.mask = capacity - 1;
    for (let slot = 0; slot < oldLines.length; slot++) {
      if (oldLines[slot] === 0) continue;
      const digest = oldKeys.subarray(slot * 3, slot * 3 + 3);
      const found = this.find(digest);
      this.keys.set(digest, found * 3);
      this.lines[found] = oldLines[slot]!;
    }
  }
}

/**
 * A 96-bit digest of the id's UTF-16 code units: three 32-bit lanes, each with
 * its own non-linear step, finished with murmur3's avalanche. Not
 * cryptographic (a corpus crafted to collide could hide a duplicate) but ten
 * times faster than SHA-1 through node:crypto, which costs more than parsing
 * the JSON line itself.
 */
export function digestOf(id: string): Uint32Array {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ id.length;
  let c = 0x1b873593;
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    b ^= b >>> 15;
    c = Math.imul(((c << 5) | (c >>> 27)) + unit, 0x9e3779b1);
  }
  const digest = new Uint32Array(3);
  digest[0] = avalanche(a ^ Math.imul(c, 0x85ebca6b));
  digest[1] = avalanche(b ^ Math.imul(a, 0xc2b2ae35));
  digest[2] = avalanche(c ^ Math.imul(b, 0x27d4eb2f));
  return digest;
}

function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
