import { collapseWhitespace } from './collapse-whitespace.js';

/**
 * `normalize_text` of the chunk ID seed: the text a revision is hashed over.
 * It forgives what does not change meaning (Unicode composition, whitespace,
 * running page headers and footers, words hyphenated across line breaks).
 * It never moves offsets: it feeds hashes only.
 */
export function normalizeText(canonical: string): string {
  let text = canonical.includes('\f') ? dropRunningLines(canonical) : canonical;
  text = text.normalize('NFC');
  text = text.replace(/(\p{L})-[ \t]*\r?\n[ \t]*(\p{Ll})/gu, '$1$2');
  return collapseWhitespace(text).trim();
}

/** A running line: the same (digits folded) first or last line on at least half of 3+ pages. */
function dropRunningLines(paged: string): string {
  const pages = paged.split('\f');
  if (pages.length < 3) return paged;
  const key = (line: string): string => line.trim().replace(/\d+/g, '#');
  const edges = pages.map((page) => {
    const lines = page.split('\n').filter((line) => line.trim() !== '');
    return {
      first: lines[0] === undefined ? '' : key(lines[0]),
      last: lines.length > 1 ? key(lines.at(-1)!) : '',
    };
  });
  const counts = new Map<string, number>();
  for (const { first, last } of edges) {
    for (const k of new Set([first, last])) if (k !== '') counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const running = new Set([...counts].filter(([, n]) => n * 2 >= pages.length).map(([k]) => k));
  if (running.size === 0) return paged;
  return pages
    .map((page) =>
      page
        .split('\n')
        .filter((line) => !running.has(key(line)))
        .join('\n'),
    )
    .join('\f');
}
