import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { isCairnError } from '../../src/errors.js';
import { boxesForSpan } from '../../src/parse/pdf/boxes-for-span.js';
import { parsePdf } from '../../src/parse/pdf/parse-pdf.js';
import { corpusFiles } from '../corpora.js';
import { readPlacedChars, textUnder } from './pdf-text-under-boxes.js';

/**
 * Issue 28's acceptance for the PDF page: for every PDF of corpora/pdf that
 * parses, each chunk's boxes lie inside its pages and the page text under
 * them (read again from pdf.js, see pdf-text-under-boxes.ts) is the chunk's
 * text up to whitespace. By default a sample of files that covers the
 * layouts (LaTeX, Google Docs, multi-column, rotated Arabic,
 * outlines); CAIRN_PDF_BOXES=all sweeps every file (docs/viewer.md: figures).
 */
const SAMPLE = [
  'pdflatex-4-pages.pdf',
  'google-doc-document.pdf',
  'multicolumn.pdf',
  'habibi-rotated.pdf',
  'pdflatex-outline.pdf',
];
const ALL = process.env.CAIRN_PDF_BOXES === 'all';
const files = corpusFiles('pdf', ['.pdf']).filter((file) => ALL || SAMPLE.includes(basename(file)));
const squash = (text: string) => text.replace(/\s+/gu, '');

describe('PDF chunk boxes over corpora/pdf', () => {
  it.each(files.map((file) => [basename(file), file]))(
    '%s: boxes inside the page, text under them equals the chunk',
    async (name, file) => {
      const bytes = readFileSync(file);
      let doc: Awaited<ReturnType<typeof parsePdf>>;
      try {
        doc = await parsePdf({ bytes, source_url: name });
      } catch (error) {
        // files that do not parse (encrypted, no text layer, broken) have no chunks to place
        if (isCairnError(error)) return;
        throw error;
      }
      const geometry = doc.geometry!;
      expect(geometry.length).toBe(doc.pages.length);
      const pages = await readPlacedChars(bytes);
      const chars = Array.from(doc.canonical);
      const chunks = defaultChunkerRegistry().get('default').chunk(doc);
      const wrong: string[] = [];
      for (const chunk of chunks) {
        const boxes = boxesForSpan(geometry, chunk.span.start, chunk.span.end);
        for (const box of boxes) {
          const [x0, y0, x1, y1] = pages[box.page - 1]!.view as [number, number, number, number];
          expect(box.x0).toBeGreaterThanOrEqual(Math.min(x0, x1));
          expect(box.x1).toBeLessThanOrEqual(Math.max(x0, x1));
          expect(box.y0).toBeGreaterThanOrEqual(Math.min(y0, y1));
          expect(box.y1).toBeLessThanOrEqual(Math.max(y0, y1));
          expect(box.x1).toBeGreaterThan(box.x0);
          expect(box.y1).toBeGreaterThan(box.y0);
        }
        const under = [...new Set(boxes.map((b) => b.page))]
          .sort((a, b) => a - b)
          .map((page) =>
            textUnder(
              pages[page - 1]!,
              boxes.filter((b) => b.page === page),
            ),
          )
          .join('');
        const text = chars.slice(chunk.span.start, chunk.span.end).join('');
        if (squash(under) !== squash(text))
          wrong.push(
            `${chunk.span.start}-${chunk.span.end}: ${JSON.stringify(squash(text).slice(0, 80))} vs ${JSON.stringify(squash(under).slice(0, 80))}`,
          );
      }
      if (ALL)
        console.log(`${name}: ${chunks.length - wrong.length} of ${chunks.length} chunks hold`);
      expect(wrong, wrong.join('\n')).toEqual([]);
    },
  );
});
