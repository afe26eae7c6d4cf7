// @ts-check

/** Units of text shown before a hit's first match, so the match reads in its sentence. */
const LEAD_UNITS = 60;

/**
 * A one-line excerpt of a hit's text for the Search panel: from shortly
 * before its first match (`ranges`, UTF-16 offsets into `text`), each run
 * of whitespace shown as one space (Markdown sources wrap lines mid-sentence),
 * at most `max` code points, `…` where text is left out. Pieces flagged
 * `mark` are matches. Display only: the hit's link selects the exact span.
 * @param {string} text
 * @param {number[][]} ranges
 * @param {number} max
 * @returns {{ text: string, mark: boolean }[]}
 */
export function hitExcerpt(text, ranges, max) {
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD_UNITS);
  if (start > 0) {
    // begin after a space near the cut rather than mid-word
    const space = text.slice(start, first).search(/\s/);
    if (space >= 0) start += space + 1;
    else if (/[\uDC00-\uDFFF]/.test(text.charAt(start))) start--;
  }
  /** @type {{ text: string, mark: boolean }[]} */
  const pieces = start > 0 ? [{ text: '…', mark: false }] : [];
  let budget = max;
  let at = start;
  let cut = false;
  /** Whether any text is shown yet: the first piece loses its leading space. */
  let shown = false;
  const take = (/** @type {number} */ end, /** @type {boolean} */ mark) => {
    if (end <= at) return;
    const raw = text.slice(at, end);
    at = end;
    let piece = raw.replace(/\s+/g, ' ');
    if (!shown) piece = piece.trimStart();
    const points = Array.from(piece);
    if (points.length > budget) {
      if (points.slice(budget).join('').trim() !== '') cut = true;
      // a match is shown whole or not at all; nothing after a cut is shown
      piece = mark ? '' : endAtSpace(points.slice(0, budget).join(''));
      budget = 0;
    } else {
      budget -= points.length;
    }
    if (piece === '') return;
    pieces.push({ text: piece, mark });
    shown = true;
  };
  for (const [s, e] of ranges) {
    if (e <= start) continue;
    take(Math.max(s, start), false);
    take(e, true);
  }
  take(text.length, false);
  const last = pieces.at(-1);
  if (last && !last.mark) last.text = last.text.trimEnd();
  if (cut) pieces.push({ text: '…', mark: false });
  return pieces.filter((piece) => piece.text !== '');
}

/** `piece` cut back to its last space when one is near the end: an excerpt ends between words. */
function endAtSpace(/** @type {string} */ piece) {
  const space = piece.lastIndexOf(' ');
  return space >= 0 && piece.length - space <= 20 ? piece.slice(0, space) : piece;
}
