import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nastyText } from '../../test/support/arbitraries.js';
import { OffsetIndex } from './offset-index.js';

/** Reference conversion computed the slow, obvious way. */
function reference(text: string, i16: number): [number, number] {
  const prefix = text.slice(0, i16);
  return [Array.from(prefix).length, Buffer.byteLength(prefix, 'utf8')];
}

function boundaries(text: string): number[] {
  const out = [0];
  let i = 0;
  for (const ch of text) {
    i += ch.length;
    out.push(i);
  }
  return out;
}

describe('OffsetIndex', () => {
  it('agrees with Array.from and Buffer.byteLength at every code point boundary', () => {
    fc.assert(
      fc.property(nastyText(200), (text) => {
        const index = new OffsetIndex(text);
        expect(index.length).toBe(Array.from(text).length);
        expect(index.byteLength).toBe(Buffer.byteLength(text));
        for (const i16 of boundaries(text)) {
          const [cp, bytes] = reference(text, i16);
          expect(index.codePointAt16(i16)).toBe(cp);
          expect(index.byteAt16(i16)).toBe(bytes);
          expect(index.index16(cp)).toBe(i16);
        }
      }),
    );
  });

  it('converts past many checkpoints with pairs straddling them', () => {
    // 63 ASCII units then a pair puts the low half exactly on a checkpoint
    const text = `${'a'.repeat(63)}😀${'é😀'.repeat(500)}z`;
    const index = new OffsetIndex(text);
    for (const i16 of boundaries(text)) {
      const [cp, bytes] = reference(text, i16);
      expect([index.codePointAt16(i16), index.byteAt16(i16)]).toEqual([cp, bytes]);
      expect(index.index16(cp)).toBe(i16);
    }
  });

  it('slices by code points the way Python does', () => {
    const text = 'a😀b\r\nc';
    const index = new OffsetIndex(text);
    expect(index.sliceCodePoints(1, 3)).toBe('😀b');
    expect(index.span16(1, 3)).toEqual({ start: 1, end: 2, start_byte: 1, end_byte: 5 });
  });

  it('knows that the middle of a surrogate pair is no boundary', () => {
    const index = new OffsetIndex('x😀');
    expect(index.isBoundary16(1)).toBe(true);
    expect(index.isBoundary16(2)).toBe(false);
    expect(index.isBoundary16(3)).toBe(true);
  });

  it('refuses offsets outside the text', () => {
    const index = new OffsetIndex('abc');
    expect(() => index.codePointAt16(4)).toThrow(/outside/);
    expect(() => index.index16(-1)).toThrow(/outside/);
  });

  it('handles the empty text', () => {
    const index = new OffsetIndex('');
    expect(index.span16(0, 0)).toEqual({ start: 0, end: 0, start_byte: 0, end_byte: 0 });
  });
});
