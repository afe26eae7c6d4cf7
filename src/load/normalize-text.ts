import { collapseWhitespace } from './collapse-whitespace.js';
import { isHighSurrogate, isLowSurrogate } from './surrogates.js';

/**
 * `normalize_text` of the chunk ID seed: the text a revision is hashed over.
 * It forgives what does not change meaning (Unicode composition, whitespace,
 * running page headers and footers, words hyphenated across line breaks).
 * It never moves offsets: it feeds hashes only.
 */
export function normalizeText(canonical: string): string {
  return normalizeRun(withoutRunningLines(canonical)).trim();
}

/** The text without running page headers and footers, when it has pages (`\f`). */
export function withoutRunningLines(canonical: string): string {
  return canonical.includes('\f') ? dropRunningLines(canonical) : canonical;
}

/** Every step of `normalizeText` after the running lines, but the final trim. */
export function normalizeRun(text: string): string {
  return collapseWhitespace(joinHyphenated(text.normalize('NFC')));
}

/** A hyphen at a line's end and the line break and blanks around it: where a hyphenated word may be cut. */
const HYPHEN_BREAK = /-[ \t]*\r?\n[ \t]*/g;
const LETTER = /^\p{L}$/u;
const LOWER = /^\p{Ll}$/u;

/**
 * `text.replace(/(\p{L})-[ \t]*\r?\n[ \t]*(\p{Ll})/gu, '$1$2')`, searched
 * from the hyphens: the pattern opens with a letter class, so the engine
 * tried it at every character of the text.
 * As there, a lower-case letter that ended one join cannot begin the next.
 */
export function joinHyphenated(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  let consumed = 0;
  HYPHEN_BREAK.lastIndex = 0;
  for (let m = HYPHEN_BREAK.exec(text); m !== null; m = HYPHEN_BREAK.exec(text)) {
    const hyphen = m.index;
    const end = hyphen + m[0].length;
    const pair =
      hyphen >= 2 &&
      isLowSurrogate(text.charCodeAt(hyphen - 1)) &&
      isHighSurrogate(text.charCodeAt(hyphen - 2));
    const letterStart = hyphen - (pair ? 2 : 1);
    if (letterStart < consumed || !LETTER.test(text.slice(letterStart, hyphen))) continue;
    const next = text.codePointAt(end);
    if (next === undefined || !LOWER.test(String.fromCodePoint(next))) continue;
    parts.push(text.slice(copied, hyphen));
    copied = end;
    consumed = end + (next > 0xffff ? 2 : 1);
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
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
