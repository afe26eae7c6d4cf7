import { ALL_NORMALIZATIONS, normalizeForMatch, sourceSpan } from './normalize-for-match.js';

export interface ClosestPassage {
  /** Code points into the searched text, half-open. */
  start: number;
  end: number;
  text: string;
  /** Share of the quote's words (with multiplicity) the passage holds, 0..1. */
  similarity: number;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Longest passage text a report carries. */
const MAX_PASSAGE_CHARS = 400;

/**
 * The window of as many words as the quote has, in `text`, that shares the
 * most of the quote's words: one slide over the text's words, each step
 * updating the overlap count (linear in the text's length). Null when the
 * quote or the text has no word.
 */
export function closestPassage(quote: string, text: string): ClosestPassage | null {
  const wanted = new Map<string, number>();
  let k = 0;
  for (const m of normalizeForMatch(quote, ALL_NORMALIZATIONS).text.matchAll(WORD)) {
    wanted.set(m[0], (wanted.get(m[0]) ?? 0) + 1);
    k++;
  }
  const folded = normalizeForMatch(text, ALL_NORMALIZATIONS);
  const words = [...folded.text.matchAll(WORD)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  if (k === 0 || words.length === 0) return null;
  const held = new Map<string, number>();
  let overlap = 0;
  const add = (word: string): void => {
    const n = (held.get(word) ?? 0) + 1;
    held.set(word, n);
    if (n <= (wanted.get(word) ?? 0)) overlap++;
  };
  const drop = (word: string): void => {
    const n = held.get(word)!;
    held.set(word, n - 1);
    if (n <= (wanted.get(word) ?? 0)) overlap--;
  };
  const size = Math.min(k, words.length);
  for (let i = 0; i < size; i++) add(words[i]!.word);
  let best = { at: 0, overlap };
  for (let i = size; i < words.length; i++) {
    add(words[i]!.word);
    drop(words[i - size]!.word);
    if (overlap > best.overlap) best = { at: i - size + 1, overlap };
  }
  const first = words[best.at]!;
  const last = words[best.at + size - 1]!;
  const span = sourceSpan(folded, first.start, last.end);
  const chars = [...text].slice(span.start, span.end).join('');
  return {
    ...span,
    text: chars.length > MAX_PASSAGE_CHARS ? `${chars.slice(0, MAX_PASSAGE_CHARS)}…` : chars,
    similarity: Math.round((best.overlap / k) * 1000) / 1000,
  };
}
