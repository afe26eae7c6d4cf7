import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentRanges, type TextSegment } from './text-segment.js';

const SEPARATOR = '\n\n';

describe('segmentRanges', () => {
  it('maps a slice of verbatim segments back to the same text in the canonical bytes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(fc.constantFrom('', '(a) ', '(iv) '), { minLength: 5, maxLength: 5 }),
        fc.nat(),
        fc.nat(),
        (texts, prefixes, x, y) => {
          // the canonical text holds each segment's text after a filler line
          let canonical = '';
          const segments: TextSegment[] = texts.map((text, i) => {
            canonical += `filler ${i}\n`;
            const start_byte = Buffer.byteLength(canonical);
            canonical += `${text}\n`;
            const prefix = prefixes[i]!;
            return {
              text: `${prefix}${text}`,
              range: { start_byte, end_byte: start_byte + Buffer.byteLength(text) },
              verbatim_from: prefix.length,
            };
          });
          const joined = segments.map((s) => s.text).join(SEPARATOR);
          // cuts at code point boundaries: a cut inside a surrogate pair moves past it
          const cut = (n: number): number => {
            const i = n % (joined.length + 1);
            return i > 0 && /[\udc00-\udfff]/.test(joined[i] ?? '') ? i + 1 : i;
          };
          const [from, to] = [cut(x), cut(y)].sort((a, b) => a - b);
          const bytes = Buffer.from(canonical);
          const got = segmentRanges(segments, SEPARATOR, from!, to!)
            .map((r) => bytes.toString('utf8', r.start_byte, r.end_byte))
            .join('');
          // what the slice holds of each segment's verbatim part, separators and prefixes dropped
          let want = '';
          let at = 0;
          for (const s of segments) {
            const lo = Math.max(from!, at + s.verbatim_from!);
            const hi = Math.min(to!, at + s.text.length);
            if (lo < hi) want += joined.slice(lo, hi);
            at += s.text.length + SEPARATOR.length;
          }
          expect(got).toBe(want);
        },
      ),
    );
  });

  it('gives a rewritten segment its whole range, and nothing for separators or a missing range', () => {
    const segments: TextSegment[] = [
      { text: '§ 746.1 Intro.', range: { start_byte: 10, end_byte: 30 }, verbatim_from: null },
      { text: 'Body.', range: { start_byte: 40, end_byte: 45 }, verbatim_from: 0 },
      { text: '§ 746.1(a)', range: null, verbatim_from: null },
    ];
    expect(segmentRanges(segments, SEPARATOR, 3, 4)).toEqual([{ start_byte: 10, end_byte: 30 }]);
    expect(segmentRanges(segments, SEPARATOR, 14, 16)).toEqual([]);
    expect(segmentRanges(segments, SEPARATOR, 16, 18)).toEqual([{ start_byte: 40, end_byte: 42 }]);
    expect(segmentRanges(segments, SEPARATOR, 0, 1000)).toEqual([
      { start_byte: 10, end_byte: 30 },
      { start_byte: 40, end_byte: 45 },
    ]);
  });
});
