import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nastyText } from '../../test/support/arbitraries.js';
import { CodePointCursor, SpanCursor } from './span-cursor.js';

/** Code point and byte offset of every UTF-16 index that is not inside a pair, computed naively. */
function reference(text: string): Map<number, [number, number]> {
  const map = new Map<number, [number, number]>();
  let i16 = 0;
  let bytes = 0;
  Array.from(text).forEach((ch, cp) => {
    map.set(i16, [cp, bytes]);
    i16 += ch.length;
    bytes += Buffer.byteLength(ch);
  });
  map.set(i16, [Array.from(text).length, Buffer.byteLength(text)]);
  return map;
}

describe('offset cursors', () => {
  it('convert positions in any order, forward and back', () => {
    fc.assert(
      fc.property(nastyText(40), fc.array(fc.nat(), { maxLength: 30 }), (text, picks) => {
        const truth = reference(text);
        const positions = [...truth.keys()];
        // the table of non-ASCII positions, and the walk taken where they are dense
        for (const cursor of [new SpanCursor(text), new SpanCursor(text, { sparseLimit: 0 })]) {
          expect(cursor.surrogates).toBe(/[\ud800-\udfff]/.test(text));
          for (const pick of picks) {
            const i16 = positions[pick % positions.length]!;
            const [cp, bytes] = truth.get(i16)!;
            expect(cursor.codePointAt(i16)).toBe(cp);
            expect(cursor.span(i16, i16)).toEqual({
              start: cp,
              end: cp,
              start_byte: bytes,
              end_byte: bytes,
            });
          }
        }
        const back = new CodePointCursor(text);
        for (const pick of picks) {
          const i16 = positions[pick % positions.length]!;
          expect(back.index16(truth.get(i16)![0])).toBe(i16);
        }
      }),
    );
  });

  it('keep long texts exact as the table grows, and past its density limit', () => {
    // one non-ASCII character in 20 units (table), then a dense stretch (walk)
    const sparse = Array.from(
      { length: 3000 },
      (_, i) => `${'ab cd '.repeat(3)}${['é', '€', '😀', '\ud800'][i % 4]}`,
    );
    for (const text of [sparse.join(''), sparse.join('') + 'жи'.repeat(20_000)]) {
      const truth = reference(text);
      const positions = [...truth.keys()];
      const cursor = new SpanCursor(text);
      for (let k = 0; k < positions.length; k += 97) {
        const i16 = positions[(k * 7919) % positions.length]!;
        const [cp, bytes] = truth.get(i16)!;
        expect(cursor.span(i16, i16)).toEqual({
          start: cp,
          end: cp,
          start_byte: bytes,
          end_byte: bytes,
        });
      }
    }
  });
});
