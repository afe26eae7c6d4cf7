import { describe, expect, it } from 'vitest';
import type { PdfLine } from './extract-page-lines.js';
import { findPageFurniture } from './find-page-furniture.js';

function line(text: string, y: number, options: Partial<PdfLine> = {}): PdfLine {
  return { text, size: 10, x: 72, y, xEnd: 300, horizontal: true, ...options };
}

/** A page of body lines between an optional header (y 800) and footer (y 60). */
function page(header: string | null, body: string[], footer: string | null): PdfLine[] {
  const lines = body.map((text, i) => line(text, 700 - 14 * i));
  if (header !== null) lines.unshift(line(header, 800, { size: 9 }));
  if (footer !== null) lines.push(line(footer, 60));
  return lines;
}

const texts = (found: Set<PdfLine>): string[] => [...found].map((l) => l.text).sort();

describe('findPageFurniture', () => {
  it('takes headers that recur digits aside, one-page ones in their row, and page numbers', () => {
    const pages = [
      page('4 1.1. TOPOLOGY', ['Open sets are', 'defined as'], '4'),
      page('5 1.1. TOPOLOGY', ['follows.', 'A base is'], '5'),
      page('6 1.2. METRICS', ['a set of sets.'], '6'),
      page(null, ['Chapter two'], 'vii'),
    ];
    expect(texts(findPageFurniture(pages))).toEqual(
      ['4', '4 1.1. TOPOLOGY', '5', '5 1.1. TOPOLOGY', '6', '6 1.2. METRICS', 'vii'].sort(),
    );
  });

  it('leaves body text alone: repeats off the edge rows, letterless rows, two pages alike', () => {
    const pages = ['a', 'b', 'c'].map((n) =>
      page(null, [`top ${n}`, `next ${n}`, 'Proof:', 'Proof:', `then ${n}`, `end ${n}`], null),
    );
    pages.push([line('12 34', 800), line('body', 700)], [line('12 35', 800), line('text', 700)]);
    expect(texts(findPageFurniture(pages))).toEqual([]);
    // a lone number or letter at the bottom of one page is a formula's, not a page number
    const lone = [page(null, ['a b', 'c d'], '7'), page(null, ['e f', 'g h'], null)];
    lone[1]!.push(line('x', 40));
    expect(texts(findPageFurniture(lone))).toEqual([]);
    // its own page's number is a page number, on a page of its own too
    expect(texts(findPageFurniture([page(null, ['a b', 'c d'], '1')]))).toEqual(['1']);
    // numbered labels below a running header recur too: only the outermost row is furniture
    const labels = ['a', 'b', 'c'].map((n) =>
      page('Running head', ['Definition 20', `text ${n}`], null),
    );
    expect(texts(findPageFurniture(labels))).toEqual([
      'Running head',
      'Running head',
      'Running head',
    ]);
    const twice = ['a', 'b'].map((n) => page(null, ['Proof:', `body ${n}`, `more ${n}`], null));
    expect(texts(findPageFurniture(twice))).toEqual([]);
    // on a third page alike, the outermost row is a running line
    twice.push(page(null, ['Proof:', 'body c', 'more c'], null));
    expect(texts(findPageFurniture(twice))).toEqual(['Proof:', 'Proof:', 'Proof:']);
  });

  it('keeps a page whose one line recurs everywhere, and never reads rotated text as furniture', () => {
    const same = [1, 2, 3].map(() => [line('habibi', 768)]);
    expect(texts(findPageFurniture(same))).toEqual([]);
    const rotated = [1, 2, 3].map((n) => [
      line('Header', 800, { horizontal: false }),
      line(`body of page ${'abc'[n - 1]}`, 700),
    ]);
    expect(texts(findPageFurniture(rotated))).toEqual([]);
  });
});
