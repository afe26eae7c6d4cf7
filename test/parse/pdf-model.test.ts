import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { buildPdfDocument } from '../../src/parse/pdf/build-pdf-document.js';
import { cleanPdfText, type PdfLine } from '../../src/parse/pdf/extract-page-lines.js';
import type { PdfContent } from '../../src/parse/pdf/read-pdf.js';
import { nastyPiece } from '../support/arbitraries.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';

/** Lines as extractPageLines leaves them: cleaned, trimmed, never empty. */
const arbLineText = fc
  .array(fc.oneof(nastyPiece, fc.constantFrom('Intro', 'Method', '1 Intro', '\f', '\ud800')), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => cleanPdfText(parts.join('')).replace(/ {2,}/g, ' ').trim())
  .filter((text) => text.length > 0);

const arbLine = fc.record({
  text: arbLineText,
  size: fc.constantFrom(10, 10, 10, 12, 16),
  x: fc.integer({ min: 50, max: 300 }),
  y: fc.integer({ min: 50, max: 750 }),
  xEnd: fc.integer({ min: 300, max: 550 }),
  horizontal: fc.boolean(),
}) satisfies fc.Arbitrary<PdfLine>;

const arbContent = (withOutline: boolean): fc.Arbitrary<PdfContent> =>
  fc
    .array(fc.array(arbLine, { maxLength: 8 }), { minLength: 1, maxLength: 4 })
    .filter((pages) => pages.some((lines) => lines.length > 0))
    .chain((pages) =>
      fc.record({
        pages: fc.constant(pages),
        title: fc.option(fc.constantFrom('A title'), { nil: null }),
        outline: withOutline
          ? fc.array(
              fc.record({
                title: fc.oneof(
                  fc.constantFrom('Intro', 'Method', 'Absent', ''),
                  ...pages.flat().map((l) => fc.constant(l.text)),
                ),
                depth: fc.integer({ min: 0, max: 2 }),
                pageIndex: fc.integer({ min: 0, max: pages.length - 1 }),
              }),
              { maxLength: 8 },
            )
          : fc.constant([]),
      }),
    );

function checkModel(content: PdfContent): void {
  const doc = buildPdfDocument(content, { source_url: 'synthetic.pdf' });
  assertDocumentInvariants(doc);
  const chars = Array.from(doc.canonical);
  // pages: one per page read, each exactly the text between form feeds
  expect(doc.pages.map((p) => p.number)).toEqual(content.pages.map((_, i) => i + 1));
  const between = doc.canonical.split('\f');
  expect(between).toHaveLength(content.pages.length);
  doc.pages.forEach((page, i) => {
    expect(sliceCodePoints(chars, page.span)).toBe(between[i]);
  });
  // every block starts on the page it names, and ends there unless it is a paragraph run over a break
  for (const block of doc.blocks) {
    const page = doc.pages[block.page! - 1]!;
    expect(block.span.start).toBeGreaterThanOrEqual(page.span.start);
    if (block.span.end > page.span.end) expect(block.type).toBe('paragraph');
    else expect(block.span.end).toBeLessThanOrEqual(page.span.end);
  }
  // nothing but whitespace lies outside the blocks
  const covered = new Array<boolean>(chars.length).fill(false);
  for (const block of doc.blocks)
    for (let i = block.span.start; i < block.span.end; i++) covered[i] = true;
  chars.forEach((ch, i) => {
    if (!covered[i]) expect(ch).toMatch(/\s/u);
  });
  // the text of every line survives, in order
  expect(doc.canonical.replace(/\s/gu, '')).toBe(
    content.pages
      .flatMap((lines) => lines.map((l) => l.text))
      .join('')
      .replace(/\s/gu, ''),
  );
  for (const section of doc.sections) {
    if (section.heading_span) expect(section.heading_span.start).toBe(section.span.start);
  }
  expect(buildPdfDocument(content, { source_url: 'synthetic.pdf' })).toEqual(doc);
}

describe('PDF document model from page lines', () => {
  it('keeps every span faithful, pages between form feeds and blocks on their pages (font-size headings)', () => {
    fc.assert(fc.property(arbContent(false), checkModel));
  });

  it('keeps the same promises with an outline as the section tree', () => {
    fc.assert(
      fc.property(arbContent(true), (content) => {
        checkModel(content);
        const doc = buildPdfDocument(content, { source_url: 'synthetic.pdf' });
        // an empty outline falls back to font-size headings
        if (content.outline.length > 0)
          expect(doc.sections.map((s) => s.title)).toEqual(
            content.outline.map((e) => e.title.replace(/\s+/g, ' ').trim()),
          );
      }),
    );
  });

  it('refuses a document whose pages hold no text at all', () => {
    let code: string | null = null;
    try {
      buildPdfDocument({ pages: [[], []], outline: [], title: null }, { source_url: 'scan.pdf' });
    } catch (error) {
      if (isCairnError(error)) code = `${error.code} ${JSON.stringify(error.details)}`;
    }
    expect(code).toBe('pdf_no_text {"source":"scan.pdf","pages":2}');
  });
});
