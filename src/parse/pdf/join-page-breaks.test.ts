import { describe, expect, it } from 'vitest';
import type { PdfLine } from './extract-page-lines.js';
import type { LineGroup } from './group-page-lines.js';
import { joinPageBreaks } from './join-page-breaks.js';

const line = (text: string, y: number, x = 72, xEnd = 540): PdfLine => ({
  text,
  size: 10,
  x,
  y,
  xEnd,
  horizontal: true,
});
const group = (...lines: PdfLine[]): LineGroup => ({ kind: 'paragraph', lines, size: 10 });

function twoPages(lastLine: string, firstLine: string, firstX = 72) {
  const footer = line('1', 40, 300, 305);
  const header = line('2 INTRODUCTION', 800);
  const head = group(line('A paragraph that runs on to the', 700), line(lastLine, 688));
  const tail = group(line(firstLine, 760, firstX), line('and ends here.', 748, 72, 200));
  const pages = [
    [group(line('Title', 760)), head, group(footer)],
    [group(header), tail],
  ];
  return { pages, furniture: new Set([footer, header]), head, tail, footer, header };
}

describe('joinPageBreaks', () => {
  it('joins a paragraph that runs on, moving the furniture between its halves out of its way', () => {
    const t = twoPages('next page, where it goes', 'on with its sentence');
    const joined = joinPageBreaks(t.pages, t.furniture);
    expect([...joined.continuing]).toEqual([t.tail]);
    // page 1 ends with the paragraph, page 2 starts with its rest; the furniture sits beside them
    expect(joined.pages[0]!.map((g) => g.lines.map((l) => l.text))).toEqual([
      ['Title'],
      ['1'],
      ['A paragraph that runs on to the', 'next page, where it goes'],
    ]);
    expect(joined.pages[1]!.map((g) => g.lines.map((l) => l.text))).toEqual([
      ['on with its sentence', 'and ends here.'],
      ['2 INTRODUCTION'],
    ]);
  });

  it('takes a capital after a word (German nouns), not after a sentence end', () => {
    const noun = twoPages('next page, where the', 'Eisenbahn goes on');
    expect(joinPageBreaks(noun.pages, noun.furniture).continuing.size).toBe(1);
    const ended = twoPages('next page, where it ends.', 'then a new one');
    expect(joinPageBreaks(ended.pages, ended.furniture).continuing.size).toBe(0);
    const capital = twoPages('next page, where it ends:', 'The list');
    expect(joinPageBreaks(capital.pages, capital.furniture).continuing.size).toBe(0);
  });

  it('leaves apart a short last line, an indented first line and a single line', () => {
    const short = twoPages('next page', 'on with it');
    short.head.lines[1] = line('next page', 688, 72, 150);
    expect(joinPageBreaks(short.pages, short.furniture).continuing.size).toBe(0);
    const indented = twoPages('next page, where it goes', 'on with it', 90);
    expect(joinPageBreaks(indented.pages, indented.furniture).continuing.size).toBe(0);
    const single = [[group(line('habibi', 700))], [group(line('habibi', 700))]];
    expect(joinPageBreaks(single, new Set()).continuing.size).toBe(0);
  });
});
