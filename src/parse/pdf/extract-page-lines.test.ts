import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanPdfText, extractPageLines, type PdfTextItem } from './extract-page-lines.js';

/** An upright item at (x, y) in a font of `size` points, about half an em wide per character. */
const item = (
  str: string,
  x: number,
  y: number,
  options: Partial<PdfTextItem> & { size?: number } = {},
) => {
  const size = options.size ?? 10;
  return {
    str,
    dir: options.dir ?? 'ltr',
    transform: options.transform ?? [size, 0, 0, size, x, y],
    width: options.width ?? str.length * size * 0.5,
    hasEOL: options.hasEOL ?? false,
  };
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('extractPageLines', () => {
  it('ends lines where pdf.js marks them and keeps its spaces', () => {
    const lines = extractPageLines([
      item('Hello,', 72, 700),
      item(' ', 102, 700, { width: 3 }),
      item('world', 105, 700, { hasEOL: true }),
      item('', 72, 688, { hasEOL: true }),
      item('next line', 72, 688),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Hello, world', 'next line']);
    expect(lines[0]).toMatchObject({ size: 10, x: 72, y: 700, horizontal: true });
  });

  it('adds a space across a visible gap but not between touching items', () => {
    const lines = extractPageLines([
      item('foo', 72, 700),
      item('bar', 87, 700),
      item('baz', 110, 700),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['foobar baz']);
  });

  it('starts a new line when the baseline drops without an end-of-line mark', () => {
    const lines = extractPageLines([item('first', 72, 700), item('second', 72, 680)]);
    expect(lines.map((l) => l.text)).toEqual(['first', 'second']);
  });

  it('keeps a superscript on its line', () => {
    const lines = extractPageLines([item('E = mc', 72, 700), item('2', 102, 704, { size: 6 })]);
    expect(lines.map((l) => l.text)).toEqual(['E = mc2']);
  });

  it('keeps right-to-left runs in stream order and spaces them by their own geometry', () => {
    const lines = extractPageLines([
      item('مرحبا', 200, 700, { dir: 'rtl', width: 30 }),
      item('بالعالم', 150, 700, { dir: 'rtl', width: 40 }),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['مرحبا بالعالم']);
  });

  it('does not split rotated text by its y coordinates', () => {
    const rotated = (str: string, y: number) =>
      item(str, 100, y, { transform: [0, 10, -10, 0, 100, y] });
    const lines = extractPageLines([rotated('up', 100), rotated('the', 130), rotated('side', 170)]);
    // word spaces in rotated text are pdf.js's to infer: none are added from page coordinates
    expect(lines.map((l) => l.text)).toEqual(['uptheside']);
    expect(lines[0]!.horizontal).toBe(false);
    expect(lines[0]!.size).toBe(10);
  });

  it('turns control characters, line and page breaks into spaces and lone surrogates into U+FFFD', () => {
    expect(cleanPdfText('a\u0000b\fc\nd\u2028e\ud800f\udc00')).toBe('a b c d e\ufffdf\ufffd');
    expect(cleanPdfText('😀')).toBe('😀');
    const lines = extractPageLines([item('\u0003\f', 72, 700), item('x\ty', 90, 700)]);
    expect(lines.map((l) => l.text)).toEqual(['x y']);
  });

  it('loses and reorders nothing but whitespace, and never yields an empty line or a break inside one', () => {
    const arbItem = fc.record({
      str: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.constantFrom('', ' ', '\f', '😀', 'e\u0301', '\ud83d', 'العربية'),
      ),
      dir: fc.constantFrom('ltr', 'rtl', 'ttb'),
      transform: fc.tuple(
        fc.constantFrom(10, 0, -10, 12),
        fc.constantFrom(0, 10),
        fc.constantFrom(0, -10),
        fc.constantFrom(10, 0, 12),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 800 }),
      ),
      width: fc.integer({ min: 0, max: 300 }),
      hasEOL: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbItem, { maxLength: 30 }), (items) => {
        const lines = extractPageLines(items);
        const visible = (s: string) => cleanPdfText(s).replace(/\s/gu, '');
        expect(lines.map((l) => visible(l.text)).join('')).toBe(
          items.map((i) => visible(i.str)).join(''),
        );
        for (const line of lines) {
          expect(line.text.length).toBeGreaterThan(0);
          expect(line.text).toBe(line.text.trim());
          expect(line.text).not.toMatch(/[\n\r\f\u2028\u2029\u0000-\u001f]| {2}/);
          expect(line.text).not.toMatch(LONE_SURROGATE);
        }
      }),
    );
  });
});

describe('extractPageLines runs', () => {
  it('give each item the span of line text it produced, and its box', () => {
    const words = fc.array(fc.stringMatching(/^[A-Za-z\u00e9\u0627-\u064a]{1,8}$/), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(words, fc.boolean(), (strs, spaced) => {
        let x = 72;
        const items = strs.map((str) => {
          const made = item(spaced ? ` ${str}  ` : str, x, 700);
          x += made.width + 3;
          return made;
        });
        const [line] = extractPageLines(items);
        expect(line).toBeDefined();
        const runs = line!.runs!;
        expect(runs).toHaveLength(strs.length);
        runs.forEach((run, i) => {
          // an item's own spaces that survive the collapse stay in its span
          expect(line!.text.slice(run.start16, run.end16).trim()).toBe(strs[i]);
          expect(run).toMatchObject({ x0: items[i]!.transform[4], y0: 698, y1: 708, flow: 0 });
          expect(run.x1).toBeCloseTo(items[i]!.transform[4]! + items[i]!.width);
        });
      }),
    );
  });
});

describe('extractPageLines boxes', () => {
  it("take the box pdf.js's text layer draws: one font size high, its top at the font's ascent", () => {
    // a TeX brace hangs below its baseline: its font's ascent is near 0
    const [line] = extractPageLines([{ ...item('︸', 184, 490, { size: 10 }), ascent: 0.04 }]);
    const run = line!.runs![0]!;
    expect(run.y0).toBeCloseTo(480.4);
    expect(run.y1).toBeCloseTo(490.4);
  });

  it('give an item that does not advance a box about its origin, whole only', () => {
    const [line] = extractPageLines([item('/', 346, 517, { width: 0, size: 10 })]);
    expect(line!.runs![0]).toMatchObject({ x0: 343.5, x1: 348.5, y0: 515, y1: 525, flow: 2 });
  });
});
