const PREVIEW = 72;

/** A chunk's text on one line, cut to 72 code points with an ellipsis. */
export function previewText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const points = Array.from(flat);
  return points.length > PREVIEW ? `${points.slice(0, PREVIEW - 1).join('')}…` : flat;
}
