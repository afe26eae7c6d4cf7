import type { PageBox } from '../../src/parse/pdf/boxes-for-span.js';
import { cleanPdfText } from '../../src/parse/pdf/extract-page-lines.js';

/**
 * The oracle of the PDF box tests, read from the PDF again and from nothing
 * cairn built: pdf.js's text items of each page, each character placed at
 * its share of its item's width, and across the item at the middle of the
 * box pdf.js's own text layer draws for it (one font size high, its top at
 * the font's ascent, 0.8 when pdf.js has none). The text under a set of boxes is every character whose point
 * lies inside one of them, in content-stream order.
 */
export interface PlacedChar {
  char: string;
  x: number;
  y: number;
}

interface Item {
  str: string;
  dir: string;
  transform: number[];
  width: number;
}

let loaded: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

function pdfjs() {
  loaded ??= (async () => {
    // registers pdf.js's worker in this thread, as src/parse/pdf/read-pdf.ts does
    const worker = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    await import(worker);
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

/** Every page's characters (whitespace left out) with their points, and the page's crop box. */
export async function readPlacedChars(
  bytes: Uint8Array,
): Promise<{ view: number[]; chars: PlacedChar[] }[]> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    const pages: { view: number[]; chars: PlacedChar[] }[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      const chars: PlacedChar[] = [];
      const styles = content.styles as Record<string, { ascent?: number }>;
      for (const raw of content.items) {
        if (!('str' in raw)) continue;
        chars.push(...placeChars(raw as Item, styles[raw.fontName]?.ascent || 0.8));
      }
      pages.push({ view: [...page.view], chars });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

function placeChars(item: Item, ascent: number): PlacedChar[] {
  const text = Array.from(cleanPdfText(item.str));
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const along = Math.hypot(a, b) || 1;
  const size = Math.hypot(c, d) || 1;
  const out: PlacedChar[] = [];
  text.forEach((char, k) => {
    if (/\s/u.test(char)) return;
    const share =
      item.dir === 'rtl' ? (text.length - k - 0.5) / text.length : (k + 0.5) / text.length;
    const t = item.width * share;
    const h = size * (ascent - 0.5);
    out.push({
      char,
      x: e + (a / along) * t + (c / size) * h,
      y: f + (b / along) * t + (d / size) * h,
    });
  });
  return out;
}

export function textUnder(page: { chars: PlacedChar[] }, boxes: readonly PageBox[]): string {
  return page.chars
    .filter((ch) => boxes.some((b) => ch.x >= b.x0 && ch.x <= b.x1 && ch.y >= b.y0 && ch.y <= b.y1))
    .map((ch) => ch.char)
    .join('');
}
