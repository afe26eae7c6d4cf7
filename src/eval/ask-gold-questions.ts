import type { Embedder } from '../embed/types.js';
import type { SearchMode } from '../search/rank-by-mode.js';
import { search } from '../search/search.js';
import type { SearchResult } from '../search/types.js';
import type { ChunkStore } from '../store/types.js';
import { NO_SECTION_ID } from '../types.js';
import type { GoldQuestion } from './gold-set.js';
import { stopIfAborted } from './stop-if-aborted.js';

/** What scoring reads of one ranked hit. */
export interface RankedHit {
  snippet_id: string;
  doc_id: string;
  source_url: string;
  section_id: string;
  heading_path: string[];
  start: number;
  end: number;
}

export interface PhrasingRun {
  /** 0: the question as written; 1.. its paraphrases in order. */
  index: number;
  text: string;
  hits: RankedHit[];
  /** ΔS of the top hit, when the search had an embedder. */
  top_delta_s?: number | null;
}

export interface QuestionRun {
  question: GoldQuestion;
  phrasings: PhrasingRun[];
  /** With `fused`: every phrasing searched at once, as one fused ranking (index -1). */
  fused?: PhrasingRun;
}

export interface AskOptions {
  k: number;
  /** The chunker id whose chunks are searched. */
  chunker: string;
  signal?: AbortSignal;
  mode?: SearchMode;
  embedder?: Embedder;
  /**
   * Also search each question's phrasings together as one multi-query
   * search (reciprocal rank fusion): the paraphrases stand in for the
   * rewrites a user's model would write.
   */
  fused?: boolean;
  /** After each question, for progress. */
  on_question?: (done: number, total: number) => void;
}

/** Every phrasing of every question asked through lexical search, the ranked hits kept. No trace is written. */
export async function askGoldQuestions(
  store: ChunkStore,
  questions: readonly GoldQuestion[],
  options: AskOptions,
): Promise<QuestionRun[]> {
  const runs: QuestionRun[] = [];
  const searchOptions = {
    k: options.k,
    chunker: options.chunker,
    trace: false,
    trace_log: false,
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
  } as const;
  for (const question of questions) {
    const phrasings: PhrasingRun[] = [];
    const texts = [question.question, ...question.paraphrases];
    for (const [index, text] of texts.entries()) {
      await stopIfAborted(options.signal);
      const result = await search(store, text, searchOptions);
      phrasings.push(phrasingRun(index, text, result, options.embedder !== undefined));
    }
    let fused: PhrasingRun | undefined;
    if (options.fused === true) {
      await stopIfAborted(options.signal);
      const result = await search(store, { queries: texts }, searchOptions);
      fused = phrasingRun(-1, texts.join(' | '), result, options.embedder !== undefined);
    }
    runs.push({ question, phrasings, ...(fused === undefined ? {} : { fused }) });
    options.on_question?.(runs.length, questions.length);
  }
  return runs;
}

function phrasingRun(
  index: number,
  text: string,
  result: SearchResult,
  embeds: boolean,
): PhrasingRun {
  return {
    index,
    text,
    hits: result.hits.map((hit) => ({
      snippet_id: hit.snippet_id,
      doc_id: hit.doc_id,
      source_url: hit.source_url,
      section_id: hit.section_id === '' ? NO_SECTION_ID : hit.section_id,
      heading_path: hit.heading_path,
      start: hit.offsets.start,
      end: hit.offsets.end,
    })),
    ...(embeds ? { top_delta_s: result.hits[0]?.delta_s ?? null } : {}),
  };
}
