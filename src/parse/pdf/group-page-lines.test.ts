import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PdfLine } from './extract-page-lines.js';
import { bodySizeOf, groupPageLines, isHeadingLine } from './group-page-lines.js';

const line = (text: string, y: number, options: Partial<PdfLine> = {}): PdfLine => ({
  text,
  size: 10,
  x: 72,
  y,
  xEnd: 72 + text.length * 5,
  horizontal: true,
  ...options,
});

const texts = (groups: ReturnType<typeof groupPageLines>) =>
  groups.map((g) => [g.kind, g.lines.map((l) => l.text).join(' | ')]);

describe('groupPageLines', () => {
  it('splits paragraphs on a gap wider than the usual line pitch', () => {
    const lines = [
      line('a1', 700),
      line('a2', 688),
      line('a3', 676),
      line('b1', 652),
      line('b2', 640),
    ];
    expect(texts(groupPageLines(lines, { bodySize: 10 }))).toEqual([
      ['paragraph', 'a1 | a2 | a3'],
      ['paragraph', 'b1 | b2'],
    ]);
  });

  it('takes clearly larger short lines as headings, and a multi-line title as one heading', () => {
    const lines = [
      line('A Long Title', 720, { size: 14 }),
      line('On Two Lines', 703, { size: 14 }),
      line('body one', 680),
      line('body two', 668),
      line('body three', 656),
      line('1.2 Scope', 630, { size: 12 }),
      line('more body', 610),
    ];
    expect(texts(groupPageLines(lines, { bodySize: 10 }))).toEqual([
      ['heading', 'A Long Title | On Two Lines'],
      ['paragraph', 'body one | body two | body three'],
      ['heading', '1.2 Scope'],
      ['paragraph', 'more body'],
    ]);
  });

  it('does not take slightly larger lines, digits or long lines as headings', () => {
    expect(isHeadingLine(line('Slightly', 0, { size: 11 }), 10)).toBe(false);
    expect(isHeadingLine(line('42', 0, { size: 20 }), 10)).toBe(false);
    expect(isHeadingLine(line('x'.repeat(201), 0, { size: 20 }), 10)).toBe(false);
    expect(isHeadingLine(line('Title', 0, { size: 20 }), 0)).toBe(false);
  });

  it('starts a new group when the text moves up the page (the next column)', () => {
    const lines = [
      line('left 1', 700),
      line('left 2', 688),
      line('right 1', 700, { x: 320 }),
      line('right 2', 688, { x: 320 }),
    ];
    expect(texts(groupPageLines(lines, { bodySize: 10 }))).toEqual([
      ['paragraph', 'left 1 | left 2'],
      ['paragraph', 'right 1 | right 2'],
    ]);
  });

  it('splits an indented line after a short one (a paragraph without extra space)', () => {
    const full = (text: string, y: number) => line(text, y, { xEnd: 500 });
    const lines = [
      full('one', 700),
      full('two', 688),
      line('end.', 676, { xEnd: 200 }),
      line('New', 664, { x: 87 }),
    ];
    expect(texts(groupPageLines(lines, { bodySize: 10 }))).toEqual([
      ['paragraph', 'one | two | end.'],
      ['paragraph', 'New'],
    ]);
  });

  it('keeps rotated lines together whatever their coordinates, splitting only on size', () => {
    const rotated = (text: string, y: number, size = 10) =>
      line(text, y, { horizontal: false, size });
    const lines = [
      rotated('r1', 100),
      rotated('r2', 500),
      rotated('r3', 50),
      rotated('small', 40, 6),
    ];
    expect(texts(groupPageLines(lines, { bodySize: 10 }))).toEqual([
      ['paragraph', 'r1 | r2 | r3'],
      ['paragraph', 'small'],
    ]);
  });

  it('keeps every line once, in order', () => {
    const arbLine = fc.record({
      text: fc.constantFrom('Heading', 'body text', '7', 'x'.repeat(250)),
      size: fc.constantFrom(6, 10, 10, 10, 14, 20),
      x: fc.integer({ min: 0, max: 500 }),
      y: fc.integer({ min: 0, max: 800 }),
      xEnd: fc.integer({ min: 0, max: 600 }),
      horizontal: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 40 }), (lines) => {
        const groups = groupPageLines(lines, { bodySize: bodySizeOf(lines) });
        expect(groups.flatMap((g) => g.lines)).toEqual(lines);
        for (const group of groups) {
          expect(group.lines.length).toBeGreaterThan(0);
          expect(group.size).toBe(group.lines[0]!.size);
        }
      }),
    );
  });
});

describe('bodySizeOf', () => {
  it('is the size that carries the most characters', () => {
    expect(
      bodySizeOf([
        line('Big title', 0, { size: 20 }),
        line('a longer body line', 0),
        line('x', 0, { size: 8 }),
      ]),
    ).toBe(10);
    expect(bodySizeOf([])).toBe(0);
  });
});
