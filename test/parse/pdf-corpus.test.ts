import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { type ErrorCode, isCairnError } from '../../src/errors.js';
import { parseFile } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusFiles, corpusPath } from '../corpora.js';
import { assertDocumentInvariants } from '../support/assert-document.js';
import { runningLines } from '../support/running-lines.js';

/** The files of `corpora/pdf` that cannot give a document, and why. */
const EXPECTED_FAILURES: Record<string, ErrorCode> = {
  // zero bytes in the corpus (files.json describes the 117-page original)
  'GeoTopo.pdf': 'pdf_malformed',
  // its trailer points at no document catalog ("Invalid Root reference")
  'unreadablemetadata.pdf': 'pdf_malformed',
  'libreoffice-writer-password.pdf': 'pdf_encrypted',
  // images without a text layer
  'cmyk-image.pdf': 'pdf_no_text',
  'grayscale-image.pdf': 'pdf_no_text',
  'imagemagick-ASCII85Decode.pdf': 'pdf_no_text',
  'imagemagick-CCITTFaxDecode.pdf': 'pdf_no_text',
  'imagemagick-images.pdf': 'pdf_no_text',
  'imagemagick-lzw.pdf': 'pdf_no_text',
};

/** Files whose outline becomes the section tree. */
const WITH_OUTLINE = [
  'GeoTopo-komprimiert.pdf',
  'mistitled_outlines_example.pdf',
  'pdflatex-outline.pdf',
];

/**
 * Lines the canonical-text oracle takes for running lines that are body
 * text, each checked by hand on its page: proofs that start at a page's
 * last line, and formula pieces that pdf.js gives last though they sit
 * above the bottom row.
 */
const ORACLE_CONTENT = [
  'GeoTopo-komprimiert.pdf p17: Beweis:',
  'GeoTopo-komprimiert.pdf p20: Vxi',
  'GeoTopo-komprimiert.pdf p48: Beweis:',
  'GeoTopo-komprimiert.pdf p98: 3',
];

interface Outcome {
  name: string;
  doc?: CairnDocument;
  error?: { code: string; source: unknown };
}

const described = JSON.parse(readFileSync(corpusPath('pdf', 'files.json'), 'utf8')) as {
  data: { path: string; pages?: number }[];
};
const pagesOf = new Map(described.data.map((entry) => [basename(entry.path), entry.pages]));

describe('PDF corpus (corpora/pdf)', () => {
  const files = corpusFiles('pdf', ['.pdf']);
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    let bytes = 0;
    const started = performance.now();
    for (const file of files) {
      bytes += statSync(file).size;
      try {
        outcomes.push({ name: basename(file), doc: await parseFile(file) });
      } catch (error) {
        if (!isCairnError(error)) throw error;
        outcomes.push({
          name: basename(file),
          error: { code: error.code, source: error.details.source },
        });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `pdf corpus: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB in ${seconds.toFixed(2)} s = ${(bytes / 1e6 / seconds).toFixed(2)} MB/s`,
    );
  });

  it('parses every file but the unreadable ones, which fail with their typed code', () => {
    expect(files).toHaveLength(32);
    const failures = Object.fromEntries(
      outcomes.filter((o) => o.error).map((o) => [o.name, o.error!.code]),
    );
    expect(failures).toEqual(EXPECTED_FAILURES);
    expect(outcomes.filter((o) => o.doc)).toHaveLength(23);
    for (const outcome of outcomes.filter((o) => o.error)) {
      expect(outcome.error!.source).toBe(files.find((f) => basename(f) === outcome.name));
    }
  });

  it('keeps the model invariants on every parsed file, with a page on every block', () => {
    for (const { name, doc } of outcomes) {
      if (!doc) continue;
      try {
        assertDocumentInvariants(doc);
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`);
      }
      expect(doc.format).toBe('pdf');
      expect(doc.blocks.length, name).toBeGreaterThan(0);
      for (const block of doc.blocks) {
        expect(block.page, name).not.toBeNull();
        const page = doc.pages[block.page! - 1]!;
        expect(block.span.start).toBeGreaterThanOrEqual(page.span.start);
        // a paragraph that runs across a page break ends on a later page
        if (block.span.end > page.span.end) expect(block.type, name).toBe('paragraph');
      }
    }
  });

  it('finds as many pages as files.json gives', () => {
    let compared = 0;
    for (const { name, doc } of outcomes) {
      if (!doc || pagesOf.get(name) === undefined) continue;
      expect([name, doc.pages.length]).toEqual([name, pagesOf.get(name)]);
      compared++;
    }
    expect(compared).toBe(23);
  });

  it('joins pages with a form feed, each page span covering exactly the text between two', () => {
    for (const { doc } of outcomes) {
      if (!doc) continue;
      const chars = Array.from(doc.canonical);
      const between = doc.canonical.split('\f');
      expect(between).toHaveLength(doc.pages.length);
      doc.pages.forEach((page, i) => {
        expect(page.number).toBe(i + 1);
        expect(chars.slice(page.span.start, page.span.end).join('')).toBe(between[i]);
      });
    }
  });

  it('takes the outline as the section tree when a file has one', () => {
    for (const { name, doc } of outcomes) {
      if (!doc || !WITH_OUTLINE.includes(name)) continue;
      expect(doc.sections.length, name).toBeGreaterThan(0);
      expect(doc.sections.every((s) => s.page !== null)).toBe(true);
    }
    const geo = outcomes.find((o) => o.name === 'GeoTopo-komprimiert.pdf')!.doc!;
    expect(geo.sections).toHaveLength(35);
    // all but the index (whose title the page does not spell at a line start) are found on their page
    expect(geo.sections.filter((s) => s.heading_span === null).map((s) => s.title)).toEqual([
      'Stichwortverzeichnis',
    ]);
    const chars = Array.from(geo.canonical);
    const section = geo.sections.find((s) => s.sect_path === '4.2.1')!;
    expect(section.title).toBe('4.2.1 Flächeninhalt');
    expect(chars.slice(section.heading_span!.start, section.heading_span!.end).join('')).toBe(
      '4.2.1 Flächeninhalt',
    );
    expect(section.page).toBe(78);
  });

  it('leaves every running header, footer and page number out of the default chunks', () => {
    const chunker = defaultChunkerRegistry().get('default');
    let total = 0;
    let running = 0;
    const holding: string[] = [];
    const content: string[] = [];
    for (const { name, doc } of outcomes) {
      if (!doc) continue;
      const chars = Array.from(doc.canonical);
      const chunks = chunker.chunk(doc);
      total += chunks.length;
      for (const line of runningLines(doc.canonical)) {
        const page = doc.pages.findLast((p) => p.span.start <= line.start)!.number;
        const label = `${name} p${page}: ${line.text}`;
        const block = doc.blocks.find((b) => b.span.start <= line.start && line.end <= b.span.end);
        if (ORACLE_CONTENT.includes(label)) {
          content.push(label);
          expect(block?.type, label).not.toBe('furniture');
          continue;
        }
        running++;
        expect(block?.type, label).toBe('furniture');
        const chunk = chunks.find((c) => c.span.start <= line.start && line.end <= c.span.end);
        if (chunk) holding.push(`${label} (chunk ${chunk.chunk_index})`);
      }
      for (const chunk of chunks) {
        expect(chars.slice(chunk.span.start, chunk.span.end).join('')).toBe(chunk.text);
        expect(chunk.block_types).not.toContain('furniture');
      }
    }
    console.log(
      `pdf furniture: ${running} running lines; ${holding.length} of ${total} default chunks hold one`,
    );
    expect(content).toEqual(ORACLE_CONTENT);
    // GeoTopo's headers on ~100 pages, page numbers in the others
    expect(running).toBeGreaterThan(100);
    expect(holding).toEqual([]);
  });

  it('keeps a line that is the whole text of its page, though it recurs on every page', () => {
    const doc = outcomes.find((o) => o.name === 'habibi-rotated.pdf')!.doc!;
    expect(doc.pages).toHaveLength(4);
    expect(doc.blocks.map((b) => b.type)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
      'paragraph',
    ]);
  });

  it('gives the same documents when files are parsed concurrently', async () => {
    const names = [
      'pdflatex-outline.pdf',
      'multicolumn.pdf',
      'habibi-rotated.pdf',
      'google-doc-document.pdf',
    ];
    const paths = names.map((name) => files.find((f) => basename(f) === name)!);
    const docs = await Promise.all([...paths, ...paths].map((path) => parseFile(path)));
    docs.forEach((doc, i) => {
      expect(doc).toEqual(outcomes.find((o) => o.name === names[i % names.length])!.doc);
    });
  });
});
