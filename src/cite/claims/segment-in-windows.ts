/** A segment of a text, with its UTF-16 index in the whole text. */
export interface Piece {
  segment: string;
  index: number;
  isWordLike: boolean | undefined;
}

/** Code units segmented at once: Intl.Segmenter's iteration slows with the square of a string's length. */
const WINDOW = 1_000;

/**
 * The text's segments, read window by window. A window ends at white
 * space, where no word and (for sentences) the window's last, possibly
 * cut sentence is read again from its start in the next window; a segment
 * longer than a window is cut at the window's end.
 */
export function* segmentInWindows(segmenter: Intl.Segmenter, text: string): Generator<Piece> {
  const sentences = segmenter.resolvedOptions().granularity === 'sentence';
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + WINDOW);
    if (end < text.length) {
      const space = text.slice(at, end).search(/\s\S*$/u);
      if (space > 0) end = at + space + 1;
    }
    const pieces = [...segmenter.segment(text.slice(at, end))];
    // the window's last sentence may go on past it: read it again with what follows
    const keep =
      sentences && end < text.length && pieces.length > 1 ? pieces.length - 1 : pieces.length;
    for (let i = 0; i < keep; i++) {
      const p = pieces[i]!;
      yield { segment: p.segment, index: at + p.index, isWordLike: p.isWordLike };
    }
    at = keep < pieces.length ? at + pieces[keep]!.index : end;
  }
}
