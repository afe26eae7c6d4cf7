import { describe, expect, it } from 'vitest';
import type { PageGeometry, TextRun } from '../../types.js';
import { boxesForSpan } from './boxes-for-span.js';

const page = (number: number, runs: TextRun[]): PageGeometry => ({
  number,
  view: [0, 0, 600, 800],
  rotate: 0,
  runs,
});

// "Hello world" on line 0 (two items), "next" on line 1; page 2 holds "over" on its line 0
const geometry: PageGeometry[] = [
  page(1, [
    [0, 5, 100, 700, 150, 712, 0, 0],
    [6, 11, 155, 700, 205, 712, 0, 0],
    [12, 16, 100, 685, 140, 697, 1, 0],
  ]),
  page(2, [[17, 21, 100, 700, 140, 712, 0, 0]]),
];

describe('boxesForSpan', () => {
  it('merges the runs of a line into one box, one box per line, page by page', () => {
    expect(boxesForSpan(geometry, 0, 21)).toEqual([
      { page: 1, x0: 100, y0: 700, x1: 205, y1: 712 },
      { page: 1, x0: 100, y0: 685, x1: 140, y1: 697 },
      { page: 2, x0: 100, y0: 700, x1: 140, y1: 712 },
    ]);
  });

  it('cuts a run a span starts or ends inside in proportion to the characters it covers', () => {
    // "llo wo": the last 3 of "Hello", the first 2 of "world"
    expect(boxesForSpan(geometry, 2, 8)).toEqual([{ page: 1, x0: 120, y0: 700, x1: 175, y1: 712 }]);
  });

  it('cuts a right-to-left run from its right edge, and keeps a rotated run whole', () => {
    const rtl = [page(1, [[0, 4, 100, 700, 140, 712, 0, 1]])];
    expect(boxesForSpan(rtl, 0, 1)).toEqual([{ page: 1, x0: 130, y0: 700, x1: 140, y1: 712 }]);
    const rotated = [page(1, [[0, 4, 100, 600, 112, 640, 0, 2]])];
    expect(boxesForSpan(rotated, 1, 2)).toEqual([{ page: 1, x0: 100, y0: 600, x1: 112, y1: 640 }]);
  });

  it('clips to the crop box and drops text wholly outside it', () => {
    const outside = [
      page(1, [
        [0, 4, 580, 700, 620, 712, 0, 0],
        [5, 9, 700, 700, 740, 712, 1, 0],
      ]),
    ];
    expect(boxesForSpan(outside, 0, 9)).toEqual([{ page: 1, x0: 580, y0: 700, x1: 600, y1: 712 }]);
  });

  it('gives nothing for a span of no run: a page break, a gap between lines', () => {
    expect(boxesForSpan(geometry, 16, 17)).toEqual([]);
    expect(boxesForSpan(geometry, 5, 6)).toEqual([]);
  });

  it('gives way to other text set inside a line box: halfway across, or along the line', () => {
    // line 0: an arrow "==>" with a raised index; line 1 (the previous chunk): a label stacked
    // over the arrow, its middle (354) inside the arrow line's box
    const stacked = [
      page(1, [
        [0, 9, 112, 350, 146, 358, 1, 0],
        [10, 13, 110, 343, 148, 354, 0, 0],
        [13, 15, 158, 348, 169, 356, 0, 0],
      ]),
    ];
    const boxes = boxesForSpan(stacked, 10, 15);
    expect(boxes).toEqual([
      // halfway between the arrow's middle (348.5) and the label's (354)
      { page: 1, x0: 110, y0: 343, x1: 148, y1: 351.25 },
      { page: 1, x0: 158, y0: 348, x1: 169, y1: 356 },
    ]);
    // the label's own box is unaffected: the arrow's middle lies below it
    expect(boxesForSpan(stacked, 0, 9)).toEqual([{ page: 1, x0: 112, y0: 350, x1: 146, y1: 358 }]);
    // text overprinted on the same line: the run stops where the other starts
    const along = [
      page(1, [
        [0, 4, 100, 700, 140, 712, 0, 0],
        [5, 8, 130, 700, 150, 712, 1, 0],
      ]),
    ];
    expect(boxesForSpan(along, 0, 4)).toEqual([{ page: 1, x0: 100, y0: 700, x1: 130, y1: 712 }]);
  });
});
