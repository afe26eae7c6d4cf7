import type { RerankCandidate } from './rank-hits.js';
import { stemIds, textWords } from './text-stems.js';
import { stemOf } from './word-stem.js';

/** Candidates the engine is asked for before reranking, when the caller wants fewer. */
export const RERANK_POOL = 30;

/** Words a window spans: about one sentence, where a question's words tend to meet its answer. */
const WINDOW_WORDS = 12;

/** Two query words in a row make a phrase when the second follows the first within this many words. */
const PHRASE_GAP_WORDS = 3;

/** A section's context is the engine scores of its best this-many candidates, summed. */
const CONTEXT_TOP = 3;

/**
 * The weights of the four signals, chosen on half A of SQuAD dev (coordinate
 * ascent from engine 1, window 1, no phrase, no context) with window and
 * pool held at 12 and 30; the rerank score is their weighted mean.
 */
const WEIGHTS = { engine: 1, window: 1.2, phrase: 0.9, context: 0.4 } as const;
const WEIGHT_SUM = WEIGHTS.engine + WEIGHTS.window + WEIGHTS.phrase + WEIGHTS.context;

/**
 * A lexical reranker: BM25 ranks chunks by how much of the query they hold,
 * not by whether the query's words stand together, and a chunk that
 * mentions each word somewhere beats the sentence that answers. Each
 * candidate's rerank score is a weighted mean (`WEIGHTS`), 0 to 1, of:
 * - its engine score (`score_norm`);
 * - window proximity: the weight of the distinct query words found within
 *   one window of `WINDOW_WORDS` words (the best window), over the weight
 *   of all query words;
 * - phrase: the weight of the query's adjacent word pairs (in the query's
 *   order) that the text has in that order, the second within
 *   `PHRASE_GAP_WORDS` words of the first, over the weight of all pairs;
 * - section context: the summed engine scores of the best `CONTEXT_TOP`
 *   candidates of its part of its document (the same document, and the
 *   same headings but the innermost), over the best such sum, so that a
 *   chunk among its neighbours' matches beats a lone chunk elsewhere that
 *   shares a few common words. A document without headings is one part;
 *   a regulation is many, one per paragraph whose subparagraphs are
 *   chunks, where the document alone tells nothing (the EAR is one).
 * A word's weight is its BM25 idf among the candidates, so words every
 * candidate has count little; a pair weighs its two words. Words match by
 * Porter stem.
 *
 * Measured with `cairn eval squad --split A|B` (structure chunks of 256
 * tokens), hit@1 / hit@5: window alone 0.824 / 0.957 on half A, 0.827 /
 * 0.961 on half B; all four 0.839 / 0.962 on A and 0.836 / 0.963 on B. It
 * reads only the candidates' text, documents and headings, so both
 * backends rerank alike.
 */
export function proximityScores(
  terms: readonly string[],
  candidates: readonly RerankCandidate[],
): number[] {
  const query = new QueryStems(terms);
  const positions = candidates.map((c) => query.matchesIn(c.text));
  const weights = poolIdf(query.size, positions);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const context = sectionContext(candidates);
  return candidates.map((candidate, i) => {
    const matches = positions[i]!;
    const window = total > 0 ? bestWindow(matches, weights, total) : 0;
    const score =
      WEIGHTS.engine * candidate.score_norm +
      WEIGHTS.window * window +
      WEIGHTS.phrase * phraseShare(matches, weights) +
      WEIGHTS.context * context[i]!;
    return Math.round((score / WEIGHT_SUM) * 1e6) / 1e6;
  });
}

/** A query word found in a text: its word position and which query stem it is. */
interface Match {
  at: number;
  stem: number;
}

class QueryStems {
  /** Each query stem's number (query order) by its stem id (`stemIds`). */
  private readonly numbers = new Map<number, number>();
  /** The first units of the query stems: a text word counts only when its own first unit is one (Porter rewrites only suffixes). */
  private readonly firstUnits = new Set<string>();
  readonly size: number;

  constructor(terms: readonly string[]) {
    const stems: string[] = [];
    for (const term of terms) {
      const stem = stemOf(term.toLowerCase());
      if (!stems.includes(stem)) stems.push(stem);
    }
    for (const stem of stems) this.firstUnits.add(stem[0]!);
    for (const [number, id] of stemIds(stems).entries()) this.numbers.set(id, number);
    this.size = stems.length;
  }

  /**
   * The query's words in `text`, in text order: each word whose stem is a
   * query stem and whose lower-cased first unit starts one (a word's first
   * unit is its stem's, which starts a query stem, unless it is odd).
   */
  matchesIn(text: string): Match[] {
    const { stems, odd_firsts } = textWords(text);
    const matches: Match[] = [];
    for (let at = 0; at < stems.length; at++) {
      const number = this.numbers.get(stems[at]!);
      if (number === undefined) continue;
      const odd = odd_firsts?.get(at);
      if (odd === undefined || this.firstUnits.has(odd)) matches.push({ at, stem: number });
    }
    return matches;
  }
}

function poolIdf(stems: number, positions: readonly Match[][]): number[] {
  const n = positions.length;
  return Array.from({ length: stems }, (_, stem) => {
    const df = positions.filter((matches) => matches.some((m) => m.stem === stem)).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
}

/**
 * The weight of the query's adjacent stem pairs (stem i, then stem i + 1:
 * stems are numbered in the query's order) that the text holds in that
 * order within `PHRASE_GAP_WORDS` words, over the weight of all pairs; 0
 * for a query of one word.
 */
function phraseShare(matches: readonly Match[], weights: readonly number[]): number {
  let all = 0;
  for (let stem = 1; stem < weights.length; stem++) all += weights[stem - 1]! + weights[stem]!;
  if (all <= 0) return 0;
  const lastAt = new Array<number>(weights.length).fill(Number.NEGATIVE_INFINITY);
  const held = new Array<boolean>(weights.length).fill(false);
  let sum = 0;
  for (const { at, stem } of matches) {
    const gap = stem > 0 ? at - lastAt[stem - 1]! : 0;
    if (!held[stem] && gap >= 1 && gap <= PHRASE_GAP_WORDS) {
      held[stem] = true;
      sum += weights[stem - 1]! + weights[stem]!;
    }
    lastAt[stem] = at;
  }
  return sum / all;
}

/** Each candidate's section context: its part's best `CONTEXT_TOP` engine scores summed, over the best such sum. */
function sectionContext(candidates: readonly RerankCandidate[]): number[] {
  const parts = candidates.map(partOf);
  const scores = new Map<string, number[]>();
  candidates.forEach(({ score_norm }, i) => {
    const list = scores.get(parts[i]!);
    if (list === undefined) scores.set(parts[i]!, [score_norm]);
    else list.push(score_norm);
  });
  const sums = new Map<string, number>();
  let best = 0;
  for (const [part, list] of scores) {
    const sum = list
      .sort((a, b) => b - a)
      .slice(0, CONTEXT_TOP)
      .reduce((s, x) => s + x, 0);
    sums.set(part, sum);
    if (sum > best) best = sum;
  }
  return parts.map((part) => (best > 0 ? sums.get(part)! / best : 0));
}

/** The part of its document a candidate's section sits in: the document and every heading but the innermost. */
function partOf({ document_id, heading_path }: RerankCandidate): string {
  // NUL is in no stored heading (documents' text turns it into U+FFFD), so the key is unambiguous
  return [document_id, ...heading_path.slice(0, -1)].join('\u0000');
}

/** The heaviest set of distinct query stems within one window, as a share of `total`. */
function bestWindow(matches: readonly Match[], weights: readonly number[], total: number): number {
  let best = 0;
  const seen = new Set<number>();
  for (let a = 0; a < matches.length; a++) {
    seen.clear();
    let sum = 0;
    for (let b = a; b < matches.length && matches[b]!.at - matches[a]!.at < WINDOW_WORDS; b++) {
      const { stem } = matches[b]!;
      if (!seen.has(stem)) {
        seen.add(stem);
        sum += weights[stem]!;
      }
    }
    if (sum > best) best = sum;
  }
  return best / total;
}
