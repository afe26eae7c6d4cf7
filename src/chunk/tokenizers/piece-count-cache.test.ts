import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CACHED_UNITS, PieceCountCache, pieceHash } from './piece-count-cache.js';

/** A count that depends on every unit of the piece, so a mixed-up key gives a wrong count. */
function weigh(piece: string): number {
  let n = piece.length;
  for (let i = 0; i < piece.length; i++) n = (n * 31 + piece.charCodeAt(i)) % 1_000_003;
  return n;
}

function counting(): { calls: string[]; countPiece: (piece: string) => number } {
  const calls: string[] = [];
  const countPiece = (piece: string): number => {
    calls.push(piece);
    return weigh(piece);
  };
  return { calls, countPiece };
}

/**
 * Two different two-unit strings with one FNV-1a hash: after a first unit x
 * the state is (offset ^ x) * prime, so two x whose states share their upper
 * 16 bits collide once the second units cancel the lower ones.
 */
function collidingPair(): [string, string] {
  const byUpper = new Map<number, number>();
  for (let x = 0; x < 1 << 16; x++) {
    const state = pieceHash(String.fromCharCode(x), 0, 1);
    const earlier = byUpper.get(state >>> 16);
    if (earlier !== undefined) {
      const lower = (pieceHash(String.fromCharCode(earlier), 0, 1) ^ state) & 0xffff;
      return [String.fromCharCode(earlier, 0x41), String.fromCharCode(x, 0x41 ^ lower)];
    }
    byUpper.set(state >>> 16, x);
  }
  throw new Error('no two first units share the upper half of their state');
}

describe('PieceCountCache', () => {
  it('counts a piece once wherever it stands in whichever text', () => {
    const cache = new PieceCountCache(16);
    const { calls, countPiece } = counting();
    expect(cache.count('the cat', 3, 7, countPiece)).toBe(weigh(' cat'));
    expect(cache.count('a cat sat', 1, 5, countPiece)).toBe(weigh(' cat'));
    expect(cache.count('a cot', 1, 5, countPiece)).toBe(weigh(' cot'));
    expect(calls).toEqual([' cat', ' cot']);
  });

  it('starts again empty when half its slots are taken, and counts right after', () => {
    const cache = new PieceCountCache(4);
    const { calls, countPiece } = counting();
    for (const piece of ['a', 'b', 'c', 'a']) {
      expect(cache.count(piece, 0, 1, countPiece)).toBe(weigh(piece));
      expect(cache.entries).toBeLessThanOrEqual(2);
    }
    // 'c' filled it past half: the table was cleared, so 'a' was counted again
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('never keeps a piece longer than MAX_CACHED_UNITS', () => {
    const cache = new PieceCountCache(16);
    const { calls, countPiece } = counting();
    const long = 'x'.repeat(MAX_CACHED_UNITS + 1);
    cache.count(long, 0, long.length, countPiece);
    cache.count(long, 0, long.length, countPiece);
    expect(calls).toHaveLength(2);
    expect(cache.entries).toBe(0);
  });

  it('tells apart pieces whose hashes collide, whatever their length', () => {
    // two units each: FNV-1a's state after them is equal, so any common suffix collides too
    const [a, b] = collidingPair();
    expect(a).not.toBe(b);
    for (const suffix of ['', 'xy', 'z'.repeat(20)]) {
      const cache = new PieceCountCache(16);
      const { calls, countPiece } = counting();
      for (const piece of [a + suffix, b + suffix, a + suffix, b + suffix]) {
        expect(pieceHash(piece, 0, piece.length)).toBe(pieceHash(a + suffix, 0, piece.length));
        expect(cache.count(piece, 0, piece.length, countPiece)).toBe(weigh(piece));
      }
      expect(calls).toEqual([a + suffix, b + suffix]);
    }
  });

  it('rejects a slot count that is not a power of two', () => {
    expect(() => new PieceCountCache(12)).toThrow(RangeError);
  });

  it('gives the count of the piece itself for any pieces of any texts, however small the table', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.tuple(fc.string({ unit: 'binary', maxLength: 80 }), fc.nat(), fc.nat()), {
          maxLength: 30,
        }),
        (slotsLog2, cuts) => {
          const cache = new PieceCountCache(2 ** slotsLog2);
          const { calls, countPiece } = counting();
          for (const [text, a, b] of cuts) {
            if (text.length === 0) continue;
            const from = a % text.length;
            const to = from + 1 + (b % (text.length - from));
            const piece = text.slice(from, to);
            expect(cache.count(text, from, to, countPiece)).toBe(weigh(piece));
            // the same units again, now at the start of a text of their own: kept, unless too long
            const before = calls.length;
            expect(cache.count(piece, 0, piece.length, countPiece)).toBe(weigh(piece));
            expect(calls.length - before).toBe(piece.length > MAX_CACHED_UNITS ? 1 : 0);
          }
        },
      ),
    );
  });
});
