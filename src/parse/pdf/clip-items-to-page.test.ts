import { describe, expect, it } from 'vitest';
import { clipItemsToPage } from './clip-items-to-page.js';
import type { PdfTextItem } from './extract-page-lines.js';

const A4: [number, number, number, number] = [0, 0, 595, 842];

/** An upright item in a 10 pt font, 5 pt per character. */
const item = (
  str: string,
  x: number,
  y: number,
  extra: Partial<PdfTextItem> = {},
): PdfTextItem => ({
  str,
  dir: 'ltr',
  transform: [10, 0, 0, 10, x, y],
  width: str.length * 5,
  hasEOL: false,
  ...extra,
});

describe('clipItemsToPage', () => {
  it('keeps items on the page as they are', () => {
    const items = [item('inside', 72, 700)];
    expect(clipItemsToPage(items, A4)[0]).toBe(items[0]);
  });

  it("cuts an overfull line's letters beyond the crop box, with its width", () => {
    // "illustration." from x 530: its 13th character's middle is at 592.5, the 14th past 595
    const [clipped] = clipItemsToPage([item('illustration.x', 530, 700)], A4);
    expect(clipped).toMatchObject({
      str: 'illustration.',
      width: 65,
      transform: [10, 0, 0, 10, 530, 700],
    });
  });

  it('moves the origin of an item that starts left of the page', () => {
    const [clipped] = clipItemsToPage([item('abcdef', -12, 700)], A4);
    // characters at -9.5, -4.5 are off the page; c, d, e, f stay, from x = -2
    expect(clipped).toMatchObject({ str: 'cdef', width: 20, transform: [10, 0, 0, 10, -2, 700] });
  });

  it('cuts a right-to-left item from its logical end at the left edge', () => {
    // logical order: the first character is drawn rightmost
    const [clipped] = clipItemsToPage([item('abcd', -10, 700, { dir: 'rtl' })], A4);
    expect(clipped).toMatchObject({ str: 'ab', width: 10, transform: [10, 0, 0, 10, 0, 700] });
  });

  it('empties an item wholly off the page but keeps its line end', () => {
    const [clipped] = clipItemsToPage([item('slug', 700, 700, { hasEOL: true })], A4);
    expect(clipped).toMatchObject({ str: '', width: 0, hasEOL: true });
  });
});
