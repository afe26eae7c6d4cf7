import { createChunkerRegistry, defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { runChunker } from '../chunk/run-chunker.js';
import { gptTokenCounter } from '../chunk/tokenizers/gpt-token-counter.js';
import { createCachedEmbedder } from '../embed/cached-embedder.js';
import { embedChunkSets } from '../embed/embed-chunk-sets.js';
import type { Embedder } from '../embed/types.js';
import { CairnError } from '../errors.js';
import { deriveDocUid } from '../load/doc-uid.js';
import { buildTextDocument } from '../parse/text/parse-text.js';
import { ensure } from '../pipeline/ensure.js';
import type { SearchMode } from '../search/rank-by-mode.js';
import { checkK, search } from '../search/search.js';
import type { ChunkStore } from '../store/types.js';
import type { CairnDocument } from '../types.js';
import {
  computeMetrics,
  firstHitRank,
  type QuestionOutcome,
  type RetrievalMetrics,
  type RetrievedSpan,
} from './eval-metrics.js';
import type { SquadArticle, SquadQuestion } from './load-squad.js';
import { checkSquadSplit, type SquadSplit, squadSplit } from './squad-split.js';
import { stopIfAborted } from './stop-if-aborted.js';

/** The chunkers `cairn eval squad` compares unless told otherwise. */
export const DEFAULT_EVAL_CHUNKERS: readonly string[] = ['default', 'char', 'token'];

export interface SquadEvalOptions {
  /** Chunker names, aliases or ids (default `DEFAULT_EVAL_CHUNKERS`). */
  chunkers?: readonly string[];
  /** Results per question (default 10). */
  k?: number;
  /** Passed to `search`: a trace log path, or false for none (default false). */
  trace_log?: string | false;
  /** Stops the run before the next article or question: `interrupted`. */
  signal?: AbortSignal;
  /** Search mode (default `lexical`); `vector` and `hybrid` need `embedder`. */
  mode?: SearchMode;
  /**
   * Embeds every stored chunk set after ingest (timed with it) and each
   * question; the `semantic` chunker finds its breakpoints with it too
   * (through the store's embedding cache).
   */
  embedder?: Embedder;
  /** Which half of the articles is stored and asked (`squadSplit`; default `all`). */
  split?: SquadSplit;
}

export interface ChunkerEvalResult extends RetrievalMetrics {
  /** As asked for on the command line. */
  chunker: string;
  chunker_id: string;
  chunks: number;
  /** Mean size of a stored chunk in cl100k tokens. */
  mean_chunk_tokens: number;
  ingest_seconds: number;
  search_seconds: number;
  mode: SearchMode;
  /** The embedder the chunks and questions were embedded with; `none` without one. */
  embed_model: string;
}

export interface SquadEvalReport {
  /** The half of the file's articles stored and asked: A (tuning), B (held out) or all. */
  split: SquadSplit;
  documents: number;
  /** Questions asked and scored: each chunker's `questions`. */
  questions: number;
  /** Questions not asked: blank, or without a gold answer (SQuAD 2.0's unanswerable), which no retrieval could hit. */
  skipped_questions: number;
  k: number;
  /** The unit of `mean_tokens_at_5` and `mean_chunk_tokens`: one tokenizer for every chunker. */
  token_unit: 'cl100k_base';
  results: ChunkerEvalResult[];
}

/** One plain-text document per article, its `source_url` named after the article (`~2`, `~3`... for a title seen before). */
export async function buildSquadDocuments(
  articles: readonly SquadArticle[],
): Promise<CairnDocument[]> {
  const documents: CairnDocument[] = [];
  // the doc_uid comes from source_url: two articles of one doc_uid would be one document, the
  // second a new version of the first, and every question of the first would miss. Compared as
  // doc_uids, not titles: the path is canonicalized first (AC/DC, AC\DC and ./AC/DC are one).
  const used = new Set<string>();
  // per title, the ~n to try next: counting from 2 each time is quadratic in a title's repeats
  const nextOf = new Map<string, number>();
  for (const article of articles) {
    let source_url = `squad/${article.title}.txt`;
    let uid = deriveDocUid(source_url);
    let n = nextOf.get(article.title) ?? 2;
    for (; used.has(uid); n++) {
      source_url = `squad/${article.title}~${n}.txt`;
      uid = deriveDocUid(source_url);
    }
    nextOf.set(article.title, n);
    used.add(uid);
    // Built from the text itself, not from bytes: a context may open with U+FEFF or hold a NUL,
    // which a file's decoding would drop as a byte order mark or refuse as binary. A NUL
    // becomes U+FFFD as in every parsed document, one code unit for one, so offsets hold.
    const text = article.text.replaceAll('\u0000', '\uFFFD');
    const doc = buildTextDocument(text, { source_url });
    // The gold spans index the joined text: a parser that changed it would move every answer.
    if (doc.canonical !== text) {
      throw new CairnError(
        'internal_invariant',
        `The text parser changed the text of SQuAD article ${article.title}: gold offsets would not hold`,
      );
    }
    documents.push(doc);
  }
  return documents;
}

/**
 * Stores every article of the split (`squadSplit`, all by default) with
 * each chunker, asks every question of it through `search` over those
 * documents, and scores the ranked chunks against the gold answer spans
 * (`firstHitRank`).
 */
export async function runSquadEval(
  store: ChunkStore,
  allArticles: readonly SquadArticle[],
  options: SquadEvalOptions = {},
): Promise<SquadEvalReport> {
  // search would refuse it at the first question, after every article was written
  const k = checkK(options.k ?? 10);
  const split = checkSquadSplit(options.split);
  // the other half is not stored either: its paragraphs are no distractors of this half's questions
  const articles = squadSplit(allArticles, split);
  const registry =
    options.embedder === undefined
      ? defaultChunkerRegistry()
      : createChunkerRegistry({ embedder: createCachedEmbedder(options.embedder, store) });
  const counter = gptTokenCounter('cl100k_base');
  // every chunker resolved before any is run: an unknown one fails before the store is written
  const chunkers = (options.chunkers ?? DEFAULT_EVAL_CHUNKERS).map(
    (name) => [name, registry.get(name)] as const,
  );
  const documents = await buildSquadDocuments(articles);
  const results: ChunkerEvalResult[] = [];
  for (const [name, chunker] of chunkers) {
    const t0 = performance.now();
    let chunks = 0;
    let chunkTokens = 0;
    for (const doc of documents) {
      await stopIfAborted(options.signal);
      const written = await ensure(store, doc, chunker);
      chunks += written.chunk_count;
      for (const chunk of await runChunker(chunker, doc)) chunkTokens += counter.count(chunk.text);
    }
    if (options.embedder !== undefined) {
      await embedChunkSets(store, options.embedder, {
        chunker_id: chunker.chunker_id,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    }
    const t1 = performance.now();
    const tokensOf = new Map<string, number>();
    const outcomes: QuestionOutcome[] = [];
    for (const [i, article] of articles.entries()) {
      const docId = documents[i]!.doc_uid;
      for (const question of article.questions) {
        if (!isScorable(question)) continue;
        await stopIfAborted(options.signal);
        const result = await search(store, question.question, {
          k,
          chunker: chunker.chunker_id,
          trace_log: options.trace_log ?? false,
          qid: `squad-${question.id}`,
          ...(options.mode === undefined ? {} : { mode: options.mode }),
          ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
        });
        const retrieved: RetrievedSpan[] = result.hits.map((hit) => {
          let tokens = tokensOf.get(hit.snippet_id);
          if (tokens === undefined) {
            tokens = counter.count(hit.text);
            tokensOf.set(hit.snippet_id, tokens);
          }
          return { doc_id: hit.doc_id, start: hit.offsets.start, end: hit.offsets.end, tokens };
        });
        outcomes.push({
          rank: firstHitRank(retrieved, docId, question.answers),
          tokens_at_5: retrieved.slice(0, 5).reduce((sum, hit) => sum + hit.tokens, 0),
        });
      }
    }
    const t2 = performance.now();
    results.push({
      chunker: name,
      chunker_id: chunker.chunker_id,
      ...computeMetrics(outcomes, { k }),
      chunks,
      mean_chunk_tokens: chunks === 0 ? 0 : chunkTokens / chunks,
      ingest_seconds: (t1 - t0) / 1000,
      search_seconds: (t2 - t1) / 1000,
      mode: options.mode ?? 'lexical',
      embed_model: options.embedder?.id ?? 'none',
    });
  }
  const all = articles.flatMap((a) => a.questions);
  const scored = all.filter(isScorable).length;
  return {
    split,
    documents: documents.length,
    questions: scored,
    skipped_questions: all.length - scored,
    k,
    token_unit: 'cl100k_base',
    results,
  };
}

/** A question search can be asked and scored on: its text is not blank and it has a gold answer. */
const isScorable = (question: SquadQuestion): boolean =>
  question.question.trim() !== '' && question.answers.length > 0;
