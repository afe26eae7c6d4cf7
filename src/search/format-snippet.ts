import { terminalSafe } from '../terminal-safe.js';
import { highlightTerms } from './highlight-terms.js';
import { matchRanges } from './match-ranges.js';

/**
 * A one-line excerpt of a hit's text for display: whitespace collapsed,
 * control characters and bidi overrides escaped (`terminalSafe`), at most `max` code
 * points around the first searched word, with the searched words marked.
 * Display only; citations keep exact offsets.
 */
export function formatSnippet(
  text: string,
  terms: readonly string[],
  options: { max?: number; open: string; close: string },
): string {
  const max = options.max ?? 240;
  const joined = terminalSafe(text.replace(/\s+/g, ' ').trim());
  const flat = Array.from(joined);
  const firstMatch = matchRanges(joined, terms, 1)[0];
  const first = firstMatch === undefined ? 0 : Array.from(joined.slice(0, firstMatch[0])).length;
  const start = flat.length <= max ? 0 : Math.max(0, Math.min(first - 40, flat.length - max));
  const end = Math.min(flat.length, start + max);
  const excerpt = flat.slice(start, end).join('');
  return `${start > 0 ? '…' : ''}${highlightTerms(excerpt, terms, options)}${end < flat.length ? '…' : ''}`;
}
