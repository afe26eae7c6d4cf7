import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { countOf } from '../count-of.js';
import { embedChunkSets } from '../embed/embed-chunk-sets.js';
import type { Embedder } from '../embed/types.js';
import { resolveSearchChunker } from '../search/resolve-search-chunker.js';
import { checkK } from '../search/search.js';
import type { TemporaryStore } from '../store/open-store.js';
import type { ChunkStore } from '../store/types.js';
import { askGoldQuestions, type QuestionRun } from './ask-gold-questions.js';
import { compareRankings, type RankingDifference } from './compare-rankings.js';
import { followReingest, type ReingestReport } from './follow-reingest.js';
import { checkGoldSearchMode, type GoldSearchMode } from './gold-search-mode.js';
import type { GoldQuestion } from './gold-set.js';
import { type GoldScores, type QuestionScore, scoreGoldRuns } from './score-gold-runs.js';
import { storeReordered } from './store-reordered.js';

export interface GoldEvalOptions {
  /** Hits per phrasing (default 10). */
  k?: number;
  /** Chunker id, name or alias, as search takes it. */
  chunker?: string;
  mode?: string;
  /**
   * Also search each question's phrasings together, fused into one ranking
   * (`overall.fused`): the paraphrases stand in for a model's rewrites.
   */
  fused?: boolean;
  /** Embeds the questions (and the second store's chunks); the store's vectors must be this embedder's. */
  embedder?: Embedder;
  /** A folder with a later revision of the documents: re-ingested into the second store, hits followed. */
  after?: string;
  /** Makes the second store (ingested in reverse order); without it there is no determinism check and no `after`. */
  open_temporary?: () => Promise<TemporaryStore>;
  signal?: AbortSignal;
  /** One line per step, for progress on stderr. */
  on_progress?: (message: string) => void;
}

export type DeterminismReport =
  | {
      status: 'identical' | 'different';
      /** Documents stored again, in reverse order, into the second store. */
      documents: number;
      queries: number;
      differences: RankingDifference[];
    }
  | { status: 'skipped'; reason: string };

export interface GoldEvalReport {
  store: string;
  chunker_id: string;
  mode: GoldSearchMode;
  k: number;
  overall: Omit<GoldScores, 'per_question'> & {
    determinism: DeterminismReport;
    reingest: ReingestReport | null;
    /** ΔS(question, retrieved): only a mode that embeds measures it; lexical search leaves these null. */
    delta_s: { median: number | null; share_at_most_0_45: number | null; note: string };
  };
  per_question: QuestionScore[];
  /** Questions whose first phrasing found no chunk covering the gold span within k. */
  misses: { id: string; question: string; section: string; retrieved_sections: string[] }[];
}

/**
 * Seed 001's evaluation recipe on a gold set: every phrasing of every
 * question through search (`askGoldQuestions`), scored for citation match,
 * coverage of the intended section and agreement (`scoreGoldRuns`); then the
 * same run over a second store holding the same documents stored in reverse
 * order, whose rankings must be identical; then, with `after`, a re-ingest
 * of a later revision into that second store and each earlier hit followed
 * through redirects (`followReingest`). The store under test is only read.
 */
export async function runGoldEval(
  store: ChunkStore,
  questions: readonly GoldQuestion[],
  options: GoldEvalOptions = {},
): Promise<GoldEvalReport> {
  const k = checkK(options.k ?? 10);
  const mode = checkGoldSearchMode(options.mode, options.embedder !== undefined);
  const chunkerId = await resolveSearchChunker(store, options.chunker);
  const progress = options.on_progress ?? (() => {});
  const ask = (target: ChunkStore, what: string) =>
    askGoldQuestions(target, questions, {
      k,
      chunker: chunkerId,
      mode,
      ...(options.fused === true ? { fused: true } : {}),
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      on_question: (done, total) => {
        if (done === total || done % 20 === 0) progress(`${what}: ${done}/${total} questions`);
      },
    });
  const runs = await ask(store, 'asked');
  const scores = scoreGoldRuns(runs, k);
  let determinism: DeterminismReport = {
    status: 'skipped',
    reason: 'no second store to compare with',
  };
  let reingest: ReingestReport | null = null;
  const registry = defaultChunkerRegistry();
  if (options.open_temporary !== undefined && !registry.has(chunkerId)) {
    determinism = {
      status: 'skipped',
      reason: `the chunker ${chunkerId} cannot be rebuilt from its id, so the documents cannot be chunked again`,
    };
  } else if (options.open_temporary !== undefined) {
    const chunker = registry.get(chunkerId);
    const temporary = await options.open_temporary();
    try {
      const documents = await storeReordered(store, temporary.store, chunker);
      progress(`second store: ${countOf(documents, 'document')} stored in reverse order`);
      if (options.embedder !== undefined) {
        await embedChunkSets(temporary.store, options.embedder, { chunker_id: chunkerId });
      }
      const again = await ask(temporary.store, 'asked again');
      const differences = compareRankings(runs, again);
      determinism = {
        status: differences.length === 0 ? 'identical' : 'different',
        documents,
        queries: runs.reduce((n, run) => n + run.phrasings.length, 0),
        differences,
      };
      if (options.after !== undefined) {
        const hits = scores.per_question
          .filter((q) => q.hit_chunk_id !== null)
          .map((q) => ({
            question: questions.find((g) => g.id === q.id)!,
            chunk_id: q.hit_chunk_id!,
          }));
        reingest = await followReingest(temporary.store, options.after, chunker, hits);
        progress(`re-ingested ${options.after}: ${reingest.updated} updated`);
      }
    } finally {
      await temporary.dispose();
    }
  }
  const { per_question, ...overall } = scores;
  return {
    store: store.location,
    chunker_id: chunkerId,
    mode,
    k,
    overall: {
      ...overall,
      determinism,
      reingest,
      delta_s: deltaSSummary(runs, options.embedder?.id),
    },
    per_question,
    misses: per_question
      .filter((q) => q.rank === null)
      .map((q) => ({
        id: q.id,
        question: q.question,
        section: q.section,
        retrieved_sections: q.retrieved_sections,
      })),
  };
}

/** Seed 000/001's ΔS(question, retrieved) target, as the share of questions at or under it. */
const DELTA_S_TARGET = 0.45;

/** ΔS of each question's top hit (as written, not its paraphrases): median and share ≤ 0.45. */
function deltaSSummary(
  runs: readonly QuestionRun[],
  embedModel: string | undefined,
): GoldEvalReport['overall']['delta_s'] {
  if (embedModel === undefined) {
    return {
      median: null,
      share_at_most_0_45: null,
      note: 'lexical search embeds nothing, so there is no ΔS to measure',
    };
  }
  const values = runs
    .map((run) => run.phrasings[0]?.top_delta_s)
    .filter((v): v is number => typeof v === 'number')
    .sort((a, b) => a - b);
  const mid = values.length >> 1;
  const median =
    values.length === 0
      ? null
      : values.length % 2
        ? values[mid]!
        : (values[mid - 1]! + values[mid]!) / 2;
  return {
    median,
    share_at_most_0_45:
      values.length === 0 ? null : values.filter((v) => v <= DELTA_S_TARGET).length / values.length,
    note: `ΔS = 1 - cosine(question, top hit) by ${embedModel}, over ${values.length} questions as written`,
  };
}
