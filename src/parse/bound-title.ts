/**
 * The most code points a section title keeps. A title is repeated in the
 * heading path of every chunk under its section, so a long one made stored
 * bytes grow with the square of its size (a Markdown heading of 340 KB gave a
 * 70 MB store, 680 KB 274 MB). The heading's whole text stays in the
 * canonical text, in its heading block and in the chunks that cite it.
 */
export const MAX_TITLE_CHARS = 1024;

/** `title` cut to `MAX_TITLE_CHARS` code points, the last of them `…`, when it is longer. */
export function boundTitle(title: string): string {
  if (title.length <= MAX_TITLE_CHARS) return title;
  let count = 0;
  let cut = 0;
  for (let i = 0; i < title.length; ) {
    if (count === MAX_TITLE_CHARS - 1) cut = i;
    i += title.codePointAt(i)! > 0xffff ? 2 : 1;
    if (++count > MAX_TITLE_CHARS) return `${title.slice(0, cut)}…`;
  }
  return title;
}
