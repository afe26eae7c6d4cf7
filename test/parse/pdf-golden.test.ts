import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePdf } from '../../src/parse/pdf/parse-pdf.js';
import { corpusPath } from '../corpora.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';

/** One line per page, section and block: diffs show which one moved. */
function compactJson(projection: Record<string, unknown[]>): string {
  const lists = Object.entries(projection).map(
    ([key, items]) =>
      `  "${key}": [\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`,
  );
  return `{\n${lists.join(',\n')}\n}\n`;
}

describe('PDF golden: pdflatex-outline.pdf (4 pages, 9 outline entries)', () => {
  it('keeps its section tree and page spans', async () => {
    const bytes = readFileSync(corpusPath('pdf', 'pdflatex-outline.pdf'));
    const doc = await parsePdf({ bytes, source_url: 'pdf/pdflatex-outline.pdf' });
    assertDocumentInvariants(doc);
    const chars = Array.from(doc.canonical);
    const projection = {
      pages: doc.pages.map((p) => ({ number: p.number, span: [p.span.start, p.span.end] })),
      sections: doc.sections.map((s) => ({
        sect_path: s.sect_path,
        level: s.level,
        title: s.title,
        page: s.page,
        span: [s.span.start, s.span.end],
        heading: s.heading_span && sliceCodePoints(chars, s.heading_span),
      })),
      blocks: doc.blocks.map(
        (b) =>
          `${b.type}${b.depth ? ` h${b.depth}` : ''} p${b.page} s${b.section === null ? '-' : doc.sections[b.section]!.sect_path} ${b.span.start}..${b.span.end}`,
      ),
    };
    await expect(compactJson(projection)).toMatchFileSnapshot(
      '../golden/pdf-pdflatex-outline.json',
    );
    // the table of contents on page 1 names the sections too: they must start at the headings on pages 2 to 4
    expect(doc.sections.map((s) => s.page)).toEqual([2, 2, 2, 2, 3, 3, 3, 4, 4]);
    expect(doc.sections.map((s) => sliceCodePoints(chars, s.heading_span!))).toEqual([
      '1 Foo',
      '2 Bar',
      '3 Baz',
      '4 Foo',
      '5 Bar',
      '6 Baz',
      '7 Foo',
      '8 Bar',
      '9 Baz',
    ]);
  });
});
