import { cleanPdfText, type PdfTextItem } from './extract-page-lines.js';

/** pdf.js's text layer's ascent for a font without one. */
const DEFAULT_ASCENT = 0.8;

/**
 * The items with the characters a reader cannot see left out: those set
 * outside the page's crop box `[x0, y0, x1, y1]` (an overfull line's last
 * letters, text parked off the sheet). Each character stands at its share
 * of the item's width along the baseline and half an em below the font's
 * ascent across it (where pdf.js's text layer draws it); an item keeps the
 * run of characters from its first to its last one on the page, with its
 * origin and width cut to match. An item with none keeps only its line end.
 */
export function clipItemsToPage<T extends PdfTextItem>(
  items: readonly T[],
  view: readonly [number, number, number, number],
): T[] {
  const box = {
    x0: Math.min(view[0], view[2]),
    y0: Math.min(view[1], view[3]),
    x1: Math.max(view[0], view[2]),
    y1: Math.max(view[1], view[3]),
  };
  return items.map((item) => clipItem(item, box));
}

function clipItem<T extends PdfTextItem>(
  item: T,
  box: { x0: number; y0: number; x1: number; y1: number },
): T {
  const chars = Array.from(cleanPdfText(item.str));
  const n = chars.length;
  if (n === 0) return item;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
  const along = Math.hypot(a, b) || 1;
  const size = Math.hypot(c, d) || 1;
  const rtl = item.dir === 'rtl';
  const h = size * ((item.ascent ?? DEFAULT_ASCENT) - 0.5);
  const on = (k: number): boolean => {
    const t = item.width * (rtl ? (n - k - 0.5) / n : (k + 0.5) / n);
    const x = e + (a / along) * t + (c / size) * h;
    const y = f + (b / along) * t + (d / size) * h;
    return x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
  };
  let first = 0;
  while (first < n && !on(first)) first++;
  if (first === n) return { ...item, str: '', width: 0 };
  let last = n - 1;
  while (!on(last)) last--;
  if (first === 0 && last === n - 1) return item;
  // the kept characters' stretch of the baseline, measured from the item's origin
  const from = item.width * (rtl ? (n - last - 1) / n : first / n);
  const width = (item.width * (last + 1 - first)) / n;
  const transform = [...item.transform];
  transform[4] = e + (a / along) * from;
  transform[5] = f + (b / along) * from;
  return { ...item, str: chars.slice(first, last + 1).join(''), width, transform };
}
