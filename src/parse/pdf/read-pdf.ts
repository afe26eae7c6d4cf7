import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { CairnError } from '../../errors.js';
import { clipItemsToPage } from './clip-items-to-page.js';
import {
  cleanPdfText,
  extractPageLines,
  type PdfLine,
  type PdfTextItem,
} from './extract-page-lines.js';
import { guardPdfPort, type PdfMessagePort } from './guard-pdf-port.js';
import { type OutlineEntry, readPdfOutline } from './read-pdf-outline.js';

export interface PdfLimits {
  /** Refuse documents with more pages than this (`input_too_large`). */
  max_pages: number;
  /** Give up on a document that takes longer than this many milliseconds (`parse_timeout`). */
  timeout_ms: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = { max_pages: 10_000, timeout_ms: 120_000 };

/** What the parser needs from a PDF, read in one pass so pdf.js can be released right after. */
export interface PdfContent {
  /** Lines of each page, in page order (an empty array for a page without text). */
  pages: PdfLine[][];
  /** Each page's crop box `[x0, y0, x1, y1]` (PDF user space) and /Rotate, in page order. */
  frames?: PdfPageFrame[];
  outline: OutlineEntry[];
  /** The document information dictionary's Title, when it has one. */
  title: string | null;
}

export interface PdfPageFrame {
  view: [number, number, number, number];
  rotate: number;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/** The worker's own module path: importing it by package name lets Node (or a bundler) resolve it. */
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

let pdfjs: Promise<{ lib: PdfJs; assets: string }> | null = null;

function loadPdfJs(): Promise<{ lib: PdfJs; assets: string }> {
  pdfjs ??= (async () => {
    // Importing the worker module first registers `globalThis.pdfjsWorker`, which
    // pdf.js then runs in this thread: no worker thread, no `workerSrc` URL to
    // resolve relative to a file that a bundler may have moved.
    await import(PDFJS_WORKER);
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const assets = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    return { lib, assets };
  })();
  return pdfjs;
}

/**
 * Opens the PDF with pdf.js and reads every page's lines, the outline and the
 * title. pdf.js failures become typed errors; the document is destroyed on
 * every path, since pdf.js otherwise keeps the whole file and its fonts alive.
 */
export async function readPdf(
  bytes: Uint8Array,
  source: string,
  limits: PdfLimits,
): Promise<PdfContent> {
  const { lib, assets } = await loadPdfJs();
  const deadline = Date.now() + limits.timeout_ms;
  // a worker of our own, so that its port can be guarded before any reply passes through it
  const worker = new lib.PDFWorker({ verbosity: lib.VerbosityLevel.ERRORS });
  try {
    await step(worker.promise, deadline, source);
  } catch (error) {
    worker.destroy();
    throw error;
  }
  guardPdfPort(worker.port as unknown as PdfMessagePort);
  const task = lib.getDocument({
    worker,
    // pdf.js transfers (detaches) the buffer it is given and refuses a Buffer: hand it a plain copy
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: lib.VerbosityLevel.ERRORS,
    // local files only: predefined CJK CMaps and the standard 14 fonts' data
    cMapUrl: `${join(assets, 'cmaps')}/`,
    cMapPacked: true,
    standardFontDataUrl: `${join(assets, 'standard_fonts')}/`,
  });
  try {
    const doc = await step(task.promise, deadline, source);
    if (doc.numPages > limits.max_pages) {
      throw new CairnError(
        'input_too_large',
        `${source} has ${doc.numPages} pages, over the limit of ${limits.max_pages}`,
        { details: { source, pages: doc.numPages, max_pages: limits.max_pages } },
      );
    }
    const pages: PdfLine[][] = [];
    const frames: PdfPageFrame[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const read = await readPageLines(doc, number, deadline, source);
      pages.push(read.lines);
      frames.push(read.frame);
    }
    const outline = await step(readPdfOutline(doc), deadline, source);
    const title = await step(readTitle(doc), deadline, source);
    return { pages, frames, outline, title };
  } finally {
    await task.destroy();
    // getDocument leaves a worker it was given alive
    worker.destroy();
  }
}

async function readPageLines(
  doc: PDFDocumentProxy,
  number: number,
  deadline: number,
  source: string,
): Promise<{ lines: PdfLine[]; frame: PdfPageFrame }> {
  const page = await step(doc.getPage(number), deadline, source, number);
  try {
    const content = await step(page.getTextContent(), deadline, source, number);
    type Item = (typeof content.items)[number];
    const styles = content.styles as Record<string, { ascent?: number }>;
    const items = content.items
      .filter((item): item is Extract<Item, PdfTextItem> => 'str' in item)
      .map((item) => withMetrics(item, styles[item.fontName]));
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
    return {
      lines: extractPageLines(clipItemsToPage(items, [x0, y0, x1, y1])),
      frame: { view: [x0, y0, x1, y1], rotate: page.rotate },
    };
  } finally {
    page.cleanup();
  }
}

/**
 * The font's ascent, when pdf.js read a plausible one (its text layer places
 * items by it, and takes 0 for none).
 */
function withMetrics<T extends PdfTextItem>(item: T, style: { ascent?: number } | undefined): T {
  const ascent = style?.ascent;
  if (typeof ascent !== 'number' || !(ascent > -1 && ascent <= 2) || ascent === 0) return item;
  return { ...item, ascent };
}

async function readTitle(doc: PDFDocumentProxy): Promise<string | null> {
  try {
    const { info } = await doc.getMetadata();
    const title = (info as { Title?: unknown } | null)?.Title;
    if (typeof title !== 'string') return null;
    const clean = cleanPdfText(title).replace(/\s+/g, ' ').trim();
    return clean.length > 0 ? clean : null;
  } catch {
    // a broken information dictionary costs the title, not the document
    return null;
  }
}

/** Awaits one pdf.js call, turning its failure into a typed error and enforcing the deadline. */
async function step<T>(
  promise: Promise<T>,
  deadline: number,
  source: string,
  page?: number,
): Promise<T> {
  const timedOut = () =>
    new CairnError('parse_timeout', `${source} took longer than the PDF time limit`, {
      details: { source, ...(page === undefined ? {} : { page }) },
    });
  // checked before each call too: pdf.js in this thread can answer through
  // microtasks alone, so a timer might never get its turn between pages
  if (Date.now() >= deadline) {
    promise.catch(() => {});
    throw timedOut();
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), deadline - Date.now());
  });
  try {
    return await Promise.race([promise, timeout]);
  } catch (cause) {
    throw toCairnError(cause, source, page);
  } finally {
    clearTimeout(timer);
  }
}

function toCairnError(cause: unknown, source: string, page?: number): CairnError {
  if (cause instanceof CairnError) return cause;
  const name = (cause as { name?: unknown } | null)?.name;
  const message = (cause as { message?: unknown } | null)?.message;
  const details = { source, ...(page === undefined ? {} : { page }) };
  if (name === 'PasswordException') {
    return new CairnError('pdf_encrypted', `${source} is encrypted and needs a password`, {
      cause,
      details,
    });
  }
  return new CairnError(
    'pdf_malformed',
    `${source} is not a readable PDF${page === undefined ? '' : ` (page ${page})`}: ${String(message ?? name ?? cause)}`,
    { cause, details },
  );
}
