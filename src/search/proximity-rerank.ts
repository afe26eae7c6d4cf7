import { hasAnswerCue } from './answer-cue.js';
import { neighbourBest, sectionContext } from './pool-context.js';
import { QueryWords, type RerankQuery } from './query-words.js';
import type { RerankCandidate } from './rank-hits.js';
import { bestWindow, phraseShare, poolIdf } from './word-windows.js';

/** Candidates the engine is asked for before reranking, when the caller wants fewer. */
export const RERANK_POOL = 30;

/** Words the exact and neighbour windows span: about one sentence, where a question's words tend to meet its answer. */
const WINDOW_WORDS = 12;
/** The loose (prefix) window spans two sentences: looser matches need more room to add up. */
const PREFIX_WINDOW_WORDS = 24;
/** Two query words in a row make a phrase when the second follows the first within this many words. */
const PHRASE_GAP_WORDS = 3;

/**
 * The signals' weights, chosen on half A of SQuAD dev and the EAR gold set
 * alone (candidates replayed offline, `scripts/rerank-replay.mjs`) and
 * frozen before half B and the Rust book set were scored. The rerank score
 * is their weighted mean.
 */
export const RERANK_WEIGHTS = {
  engine: 1,
  phrase: 0.4,
  context: 0.3,
  prefix_window: 0.7,
  exact_window: 0.5,
  cue: 0.2,
  neighbour: 0.2,
  capitals: 0.1,
} as const;

/** One candidate's signals, each 0 to 1 (`proximityScores` says what each measures). */
export type RerankSignals = Record<keyof typeof RERANK_WEIGHTS, number>;

const SIGNAL_NAMES = Object.keys(RERANK_WEIGHTS) as (keyof RerankSignals)[];

/** The rerank score of `signals` under `weights`: their weighted mean, to six decimals. */
export function weightedSignals(
  signals: RerankSignals,
  weights: Readonly<RerankSignals> = RERANK_WEIGHTS,
): number {
  let score = 0;
  let sum = 0;
  for (const name of SIGNAL_NAMES) {
    score += weights[name] * signals[name];
    sum += weights[name];
  }
  return sum > 0 ? Math.round((score / sum) * 1e6) / 1e6 : 0;
}

/**
 * A lexical reranker: BM25 ranks chunks by how much of the query they hold,
 * not by whether the query's words stand together, and a chunk that
 * mentions each word somewhere beats the sentence that answers. Each
 * candidate's rerank score is a weighted mean (`RERANK_WEIGHTS`), 0 to 1, of:
 * - its engine score (`score_norm`);
 * - phrase: the weight of the query's adjacent word pairs (in the query's
 *   order) that the text has in that order, the second within
 *   `PHRASE_GAP_WORDS` words of the first, over the weight of all pairs;
 * - section context: the summed engine scores of the best few candidates
 *   of its part of its document (`sectionContext`), over the best such sum,
 *   so that a chunk among its neighbours' matches beats a lone chunk
 *   elsewhere that shares a few common words;
 * - prefix window: the weight of the distinct query words found within one
 *   window of `PREFIX_WINDOW_WORDS` words, over the weight of all query
 *   words, where a word also matches a query word whose stem starts its
 *   own or that its own starts ("economic" for "economy": Porter
 *   leaves `econom` and `economi`);
 * - exact window: the same over `WINDOW_WORDS` words, counting only words
 *   written as the query writes them ("Rights" is not "right");
 * - answer cue (`hasAnswerCue`): 1 when a who, where, when or how-many
 *   question's best window has a name, place, date or number beside it;
 * - neighbour window: the best stem window share of the chunk just before
 *   or after it in its document, when that chunk is a candidate too (an
 *   answer cut by a chunk boundary);
 * - capitals: the weight of the query's capitalised words (past its first)
 *   that the text has case-exact, over their total ("Apple" the company).
 * A word's weight is its BM25 idf among the candidates, so words every
 * candidate has count little; a pair weighs its two words. Words match by
 * Porter stem unless said otherwise.
 *
 * Measured with `cairn eval squad --split B` (held out, default chunker):
 * hit@1 0.841, hit@5 0.966, MRR 0.894; `cairn eval gold` on the Rust book
 * set (held out): hit@5 0.778 over questions, 0.747 over phrasings.
 *
 * It reads only the query and the candidates' text, documents, headings
 * and places in their documents, so both backends rerank alike.
 */
export function proximityScores(
  query: RerankQuery,
  candidates: readonly RerankCandidate[],
): number[] {
  return rerankSignals(query, candidates).map((signals) => weightedSignals(signals));
}

/** Each candidate's signals before weighting, for `proximityScores` and for fitting its weights. */
export function rerankSignals(
  query: RerankQuery,
  candidates: readonly RerankCandidate[],
): RerankSignals[] {
  const words = new QueryWords(query);
  const matches = candidates.map((c) => words.matchesIn(c.text));
  const weights = poolIdf(
    words.size,
    matches.map((m) => m.stem),
  );
  const total = weights.reduce((sum, w) => sum + w, 0);
  const prefixWeights = poolIdf(
    words.size,
    matches.map((m) => m.prefix),
  );
  const prefixTotal = prefixWeights.reduce((sum, w) => sum + w, 0);
  const shareOf = (weight: number) => share(weight, total);
  const stemWindows = matches.map((m) => bestWindow(m.stem, weights, WINDOW_WORDS));
  const neighbours = neighbourBest(
    candidates,
    stemWindows.map((w) => shareOf(w.weight)),
  );
  const context = sectionContext(candidates);
  const cueQuery = words.cueQuery();
  const capitalTotal = words.capital_forms.reduce((s, form, i) => s + (form ? weights[i]! : 0), 0);
  return candidates.map((candidate, i) => {
    const m = matches[i]!;
    const cue =
      cueQuery !== null && hasAnswerCue(candidate.text, m.words, stemWindows[i]!, cueQuery);
    return {
      engine: candidate.score_norm,
      phrase: phraseShare(m.stem, weights, PHRASE_GAP_WORDS),
      context: context[i]!,
      prefix_window: share(
        bestWindow(m.prefix, prefixWeights, PREFIX_WINDOW_WORDS).weight,
        prefixTotal,
      ),
      exact_window: shareOf(bestWindow(m.exact, weights, WINDOW_WORDS).weight),
      cue: cue ? 1 : 0,
      neighbour: neighbours[i]!,
      capitals: share(
        m.capitals.reduce((s, held, stem) => s + (held ? weights[stem]! : 0), 0),
        capitalTotal,
      ),
    };
  });
}

/**
 * `part / whole`, 0 to 1: a window's weight is summed as it slides, and the
 * rounding of those sums can leave it a hair over the whole it is a share of.
 */
function share(part: number, whole: number): number {
  return whole > 0 ? Math.min(1, part / whole) : 0;
}
