import type { ChunkRow } from '../../store/types.js';
import { ELISION } from '../quote/locate-quote.js';
import { ALL_NORMALIZATIONS, normalizeForMatch } from '../quote/normalize-for-match.js';

/** Word positions one quote's lookup may read: past it the rest of the document is not searched. */
export const MAX_POSITIONS_READ = 50_000;
/** Chunks one lookup returns: each costs the caller a `locateQuote`. */
export const MAX_CHUNKS_RETURNED = 20;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of one document version's chunks, folded as `locateQuote` folds
 * (`ALL_NORMALIZATIONS`), built once so that each quote is looked up by its
 * words instead of by reading every chunk.
 */
export interface DocumentWords {
  chunks: readonly ChunkRow[];
  ids: Map<string, number>;
  /** The word ID at each position, the chunks' words one after another in reading order. */
  words: Int32Array;
  /** The chunk index at each position. */
  chunk_at: Int32Array;
  /** Each word ID's positions, ascending. */
  postings: number[][];
  /** Positions read by lookups so far: the work a request has done, for bounds and tests. */
  positions_read: number;
}

/** Indexes `chunks` (one pass over each chunk's text). */
export function indexDocumentWords(chunks: readonly ChunkRow[]): DocumentWords {
  const ids = new Map<string, number>();
  const postings: number[][] = [];
  const words: number[] = [];
  const chunkAt: number[] = [];
  for (const [c, chunk] of chunks.entries()) {
    for (const m of normalizeForMatch(chunk.text, ALL_NORMALIZATIONS).text.matchAll(WORD)) {
      let id = ids.get(m[0]);
      if (id === undefined) {
        id = postings.length;
        ids.set(m[0], id);
        postings.push([]);
      }
      postings[id]!.push(words.length);
      words.push(id);
      chunkAt.push(c);
    }
  }
  return {
    chunks,
    ids,
    words: Int32Array.from(words),
    chunk_at: Int32Array.from(chunkAt),
    postings,
    positions_read: 0,
  };
}

/**
 * The indices, ascending, of the chunks that may hold `quote` as
 * `locateQuote` finds it: those holding the quote's inner words as
 * consecutive words (exact or normalized), or, for a quote with "...", the
 * inner words of each of its fragments (elided). A word at either end of a
 * quote or fragment may be part of a longer word in the text, so it is not
 * required. A located quote's chunk is always among them, as long as what
 * it needs has inner words (three words or more once folded); the work is
 * the positions of the rarest inner word, not the document's length. Empty
 * when each way of locating the quote needs a word the document lacks.
 */
export function chunksHoldingQuote(index: DocumentWords, quote: string): number[] {
  const q = quote.trim();
  const whole = chunksHoldingRuns(index, innerRuns(index, [q]));
  const parts = q.split(ELISION);
  if (parts.length === 1) return whole;
  const fragments = parts.filter((p) => p.trim() !== '');
  const elided = chunksHoldingRuns(index, innerRuns(index, fragments));
  return [...new Set([...whole, ...elided])].sort((x, y) => x - y).slice(0, MAX_CHUNKS_RETURNED);
}

/** Each text's folded word IDs less its first and last word; null when a text has no inner word or one in no chunk. */
function innerRuns(index: DocumentWords, texts: readonly string[]): number[][] | null {
  const runs: number[][] = [];
  for (const text of texts) {
    const words = [...normalizeForMatch(text, ALL_NORMALIZATIONS).text.matchAll(WORD)];
    if (words.length < 3) return null;
    const run: number[] = [];
    for (const m of words.slice(1, -1)) {
      const id = index.ids.get(m[0]);
      if (id === undefined) return null;
      run.push(id);
    }
    runs.push(run);
  }
  return runs;
}

/** The chunks holding every run, ascending, read from the positions of the rarest word of any run. */
function chunksHoldingRuns(index: DocumentWords, runs: number[][] | null): number[] {
  if (runs === null || runs.length === 0) return [];
  let anchor = { run: 0, offset: 0 };
  let fewest = Number.POSITIVE_INFINITY;
  for (const [r, run] of runs.entries())
    for (const [offset, id] of run.entries())
      if (index.postings[id]!.length < fewest) {
        fewest = index.postings[id]!.length;
        anchor = { run: r, offset };
      }
  const found: number[] = [];
  const budget = index.positions_read + MAX_POSITIONS_READ;
  for (const at of index.postings[runs[anchor.run]![anchor.offset]!]!) {
    if (index.positions_read >= budget || found.length === MAX_CHUNKS_RETURNED) break;
    index.positions_read++;
    const chunk = index.chunk_at[at]!;
    if (found.at(-1) === chunk || !runAt(index, runs[anchor.run]!, at - anchor.offset)) continue;
    if (runs.every((run, r) => r === anchor.run || runInChunk(index, run, chunk)))
      found.push(chunk);
  }
  return found;
}

/** Whether `run` stands at `start`, inside one chunk. */
function runAt(index: DocumentWords, run: readonly number[], start: number): boolean {
  const end = start + run.length - 1;
  if (start < 0 || end >= index.words.length) return false;
  if (index.chunk_at[start] !== index.chunk_at[end]) return false;
  for (let k = 0; k < run.length; k++) if (index.words[start + k] !== run[k]) return false;
  return true;
}

/** Whether `run` stands anywhere in chunk `chunk`, read from the run's first word's positions. */
function runInChunk(index: DocumentWords, run: readonly number[], chunk: number): boolean {
  const positions = index.postings[run[0]!]!;
  // positions are ascending: the first in the chunk is found by bisection
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.chunk_at[positions[mid]!]! < chunk) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < positions.length && index.chunk_at[positions[i]!] === chunk; i++) {
    index.positions_read++;
    if (runAt(index, run, positions[i]!)) return true;
  }
  return false;
}
