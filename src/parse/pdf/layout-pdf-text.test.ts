import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PdfLine } from './extract-page-lines.js';
import type { LineGroup } from './group-page-lines.js';
import { layoutPdfText } from './layout-pdf-text.js';

const arbLine = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .map((s) => s.replace(/[\s\f]/gu, 'x'))
  .map((text): PdfLine => ({ text, size: 10, x: 0, y: 0, xEnd: 0, horizontal: true }));
const arbGroup = fc.record({
  kind: fc.constantFrom<LineGroup['kind']>('paragraph', 'heading'),
  size: fc.constant(10),
  lines: fc.array(arbLine, { minLength: 1, maxLength: 4 }),
});

describe('layoutPdfText', () => {
  it('joins pages with a form feed, groups with a blank line and lines with a newline', () => {
    const line = (text: string): PdfLine => ({
      text,
      size: 10,
      x: 0,
      y: 0,
      xEnd: 0,
      horizontal: true,
    });
    const layout = layoutPdfText([
      [
        { kind: 'heading', size: 14, lines: [line('Title')] },
        { kind: 'paragraph', size: 10, lines: [line('a'), line('b')] },
      ],
      [],
      [{ kind: 'paragraph', size: 10, lines: [line('c')] }],
    ]);
    expect(layout.canonical).toBe('Title\n\na\nb\f\fc');
    expect(layout.pages).toEqual([
      { number: 1, start16: 0, end16: 10 },
      { number: 2, start16: 11, end16: 11 },
      { number: 3, start16: 12, end16: 13 },
    ]);
    expect(layout.groups.map((g) => [g.page, g.start16, g.end16, g.lineStarts16])).toEqual([
      [1, 0, 5, [0]],
      [1, 7, 10, [7, 9]],
      [3, 12, 13, [12]],
    ]);
  });

  it('gives every page exactly the text between its form feeds, and every line its place', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(arbGroup, { maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (pages) => {
          const layout = layoutPdfText(pages);
          const between = layout.canonical.split('\f');
          expect(between).toHaveLength(pages.length);
          layout.pages.forEach((page, i) => {
            expect(page.number).toBe(i + 1);
            expect(layout.canonical.slice(page.start16, page.end16)).toBe(between[i]);
          });
          const lines = pages.flat().flatMap((g) => g.lines);
          const starts = layout.groups.flatMap((g) => g.lineStarts16);
          lines.forEach((line, i) => {
            expect(layout.canonical.slice(starts[i], starts[i]! + line.text.length)).toBe(
              line.text,
            );
          });
        },
      ),
    );
  });
});
