import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PdfLine } from './extract-page-lines.js';
import type { LineGroup } from './group-page-lines.js';
import { layoutPdfText } from './layout-pdf-text.js';
import { foldTitle, matchTitleAt, placeOutlineSections } from './place-outline-sections.js';

const group = (kind: LineGroup['kind'], ...texts: string[]): LineGroup => ({
  kind,
  size: kind === 'heading' ? 14 : 10,
  lines: texts.map((text): PdfLine => ({ text, size: 10, x: 0, y: 0, xEnd: 0, horizontal: true })),
});

const match = (text: string, title: string) => {
  const end = matchTitleAt(text, 0, text.length, {
    wanted: foldTitle(title),
    bare: foldTitle(title.replace(/^\d+\s+/, '')),
  });
  return end === null ? null : text.slice(0, end);
};

describe('matchTitleAt', () => {
  it('matches ignoring case, whitespace, accents and ligatures', () => {
    expect(match('INTRODUCTION and more', 'Introduction')).toBe('INTRODUCTION');
    expect(match('De\ufb01nitions', 'Definitions')).toBe('De\ufb01nitions');
    expect(match('Topologische\nRäume', 'Topologische Raume')).toBe('Topologische\nRäume');
    expect(match('Cafe\u0301 noir', 'Café noir')).toBe('Cafe\u0301 noir');
  });

  it('skips section numbering in the text, or in the title', () => {
    expect(match('1.2 Scope of work', 'Scope of work')).toBe('1.2 Scope of work');
    expect(match('Chapter 3 Results', 'Results')).toBe('Chapter 3 Results');
    expect(match('IV. Appendix', 'Appendix')).toBe('IV. Appendix');
    expect(match('Scope', '2 Scope')).toBe('Scope');
  });

  it('ends at a word boundary', () => {
    expect(match('Barcelona', 'Bar')).toBeNull();
    expect(match('Bar, then', 'Bar')).toBe('Bar');
    expect(match('Ba', 'Bar')).toBeNull();
  });
});

describe('placeOutlineSections', () => {
  const layout = layoutPdfText([
    [group('heading', 'Contents'), group('paragraph', '1 Intro 2', '2 Method 2')],
    [
      group('paragraph', 'Intro is where we start'),
      group('heading', '1 Intro'),
      group('paragraph', 'text'),
    ],
    [
      group('paragraph', 'more text'),
      group('heading', '2 Method'),
      group('paragraph', 'Method text'),
    ],
  ]);

  it('places each title at its line on the destination page, heading lines first', () => {
    const sections = placeOutlineSections(
      [
        { title: 'Intro', depth: 0, pageIndex: 1 },
        { title: 'Method', depth: 0, pageIndex: 2 },
        { title: 'Details', depth: 1, pageIndex: 2 },
      ],
      layout,
    );
    const text = layout.canonical;
    expect(
      sections.map((s) => [
        s.rank,
        s.title,
        s.heading && text.slice(s.heading.start16, s.heading.end16),
      ]),
    ).toEqual([
      [1, 'Intro', '1 Intro'],
      [1, 'Method', '2 Method'],
      [2, 'Details', undefined],
    ]);
    // not found: right after the previous heading on the same page
    expect(sections[2]!.start16).toBe(sections[1]!.heading!.end16);
  });

  it('starts an entry whose title is missing at its page start, and never before the previous one', () => {
    const sections = placeOutlineSections(
      [
        { title: 'Nowhere', depth: 0, pageIndex: 2 },
        { title: 'Back to page one', depth: 0, pageIndex: 0 },
        { title: 'Past the end', depth: 0, pageIndex: 9 },
      ],
      layout,
    );
    expect(sections.map((s) => s.start16)).toEqual([
      layout.pages[2]!.start16,
      layout.pages[2]!.start16,
      layout.canonical.length,
    ]);
    expect(sections.every((s) => s.heading === undefined)).toBe(true);
  });

  it('keeps sections in order and headings disjoint for any outline', () => {
    const titles = ['Intro', 'Method', '1 Intro', 'Contents', 'text', 'Nowhere', ''];
    const entry = fc.record({
      title: fc.constantFrom(...titles),
      depth: fc.integer({ min: 0, max: 3 }),
      pageIndex: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (entries) => {
        const sections = placeOutlineSections(entries, layout);
        expect(sections).toHaveLength(entries.length);
        let previous = 0;
        for (const section of sections) {
          expect(section.start16).toBeGreaterThanOrEqual(previous);
          if (section.heading) {
            expect(section.heading.start16).toBe(section.start16);
            expect(section.heading.end16).toBeGreaterThan(section.start16);
            previous = section.heading.end16;
          } else previous = section.start16;
        }
      }),
    );
  });
});
