import { describe, expect, it } from 'vitest';
import { pdfWithOutlineChain } from '../../../test/support/pdf-with-outline.js';
import { parsePdf } from './parse-pdf.js';

describe('readPdf on a deeply nested outline', () => {
  it('parses a shallow chain with its outline as sections', async () => {
    const doc = await parsePdf({
      bytes: pdfWithOutlineChain(['Level 1', 'Body text.'], 3),
      source_url: 'shallow.pdf',
    });
    expect(doc.sections.map((section) => section.sect_path)).toEqual(['1', '1.1', '1.1.1']);
    expect(doc.canonical).toContain('Body text.');
  });

  /**
   * pdf.js structured-clones each reply from its in-thread worker; an outline
   * 10,000 levels deep overflows the clone's recursion, an unhandled
   * rejection that would end the whole process (the CLI's worker thread dies
   * as `internal_invariant`). Such an outline is dropped and the text kept.
   */
  it('keeps the text when the outline is too deep to pass through pdf.js', async () => {
    const doc = await parsePdf({
      bytes: pdfWithOutlineChain(['Level 1', 'Body text.'], 10_000),
      source_url: 'deep.pdf',
    });
    expect(doc.canonical).toContain('Body text.');
    expect(doc.pages).toHaveLength(1);
    for (const block of doc.blocks) expect(block.page).toBe(1);
  });

  it('keeps 64 outline levels, deeper entries as siblings at the last one', async () => {
    const doc = await parsePdf({
      bytes: pdfWithOutlineChain(['Level 1', 'Body text.'], 100),
      source_url: 'hundred.pdf',
    });
    expect(doc.sections).toHaveLength(100);
    expect(Math.max(...doc.sections.map((section) => section.level))).toBe(64);
    expect(doc.sections.at(-1)!.heading_path).toHaveLength(64);
    expect(doc.sections.at(-1)!.title).toBe('Level 100');
  });
});
