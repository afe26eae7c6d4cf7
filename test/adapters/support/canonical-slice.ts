let lastText: string | null = null;
let lastCodePoints: string[] = [];

/**
 * Code points `[start, end)` of the canonical text cairn reads from a
 * framework's string: the string less a leading byte order mark. Written
 * independently of the library's OffsetIndex, so the tests check it rather
 * than repeat it; the split of the last text is kept, as a document's
 * chunks are checked one after another.
 */
export function canonicalSlice(text: string, start: number, end: number): string {
  if (text !== lastText) {
    lastText = text;
    lastCodePoints = Array.from(text.startsWith('\ufeff') ? text.slice(1) : text);
  }
  return lastCodePoints.slice(start, end).join('');
}
