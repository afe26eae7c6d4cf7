import { createHash, randomBytes } from 'node:crypto';
import { CairnError, isCairnError } from '../errors.js';
import { MAX_QUERY_TERMS } from '../store/lexical-search-sql.js';
import type { ChunkStore, LexicalQuery, WaitOptions } from '../store/types.js';
import { traceLogPath } from '../trace/trace-log-path.js';
import { writeTrace } from '../trace/write-trace.js';
import { NO_SECTION_ID } from '../types.js';
import { dropStopwords } from './drop-stopwords.js';
import { ensureIndexManifest, LEXICAL_EMBED_MODEL } from './ensure-index-manifest.js';
import { proximityScores, RERANK_POOL } from './proximity-rerank.js';
import { rankByMode, SEARCH_MODES } from './rank-by-mode.js';
import { resolveSearchChunker } from './resolve-search-chunker.js';
import { tokenizeQuery } from './tokenize-query.js';
import type { SearchHit, SearchOptions, SearchResult } from './types.js';

/** Hits one search returns at most. */
export const MAX_K = 1000;

/** `k` when it is a whole number from 1 to `MAX_K`; else `invalid_option`. */
export function checkK(k: number): number {
  if (Number.isInteger(k) && k >= 1 && k <= MAX_K) return k;
  // a string '5' from JavaScript callers is quoted: 'got 5' read as a valid k
  const got = typeof k === 'string' ? JSON.stringify(k) : String(k);
  throw new CairnError('invalid_option', `k must be a whole number from 1 to ${MAX_K}, got ${got}`);
}

/**
 * Lexical search over the current versions' chunks of one chunker, each
 * hit with seed 001's citation payload. The query is split into words
 * (`tokenizeQuery`) and the words are OR-ed as quoted literals, so any
 * text is a valid query; an empty or blank query throws `empty_query`, a
 * query with no words (only punctuation) finds nothing. A caller that pins
 * `analyzer` or `index_hash` gets `analyzer_mismatch` /
 * `mismatch_index_hash` when the live index differs; a chunker the store
 * has no chunks of is `unknown_chunker` (`resolveSearchChunker`); a NUL
 * character in `doc`, `section`, `chunker` or `qid` is `invalid_option`. A
 * trace log that cannot be written is `trace_log_unwritable`. Every search that
 * runs on a writable store writes one `rag_traces` row and one trace log
 * line; on a store opened read-only it writes nothing (`traced: false`).
 */
export async function search(
  store: ChunkStore,
  query: string,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const k = checkK(options.k ?? 10);
  if (query.trim() === '') throw new CairnError('empty_query', 'The search query is empty');
  rejectNulOptions(options);
  const chunkerId = await resolveSearchChunker(store, options.chunker);
  // the index manifest and the trace are the search's only writes, and wait alike
  const wait: WaitOptions =
    options.trace_wait_ms === undefined ? {} : { wait_ms: options.trace_wait_ms };
  const live = await ensureIndexManifest(store, chunkerId, wait);
  if (options.analyzer !== undefined && options.analyzer !== live.analyzer) {
    throw new CairnError(
      'analyzer_mismatch',
      `The index was built with analyzer ${live.analyzer}, the caller expects ${options.analyzer}`,
      { details: { expected: options.analyzer, received: live.analyzer } },
    );
  }
  // A 10 kB query has hundreds of words: the first 64 distinct ones rank as well and keep the statement small.
  const terms = dropStopwords(tokenizeQuery(query)).slice(0, MAX_QUERY_TERMS);
  const rerank = options.rerank ?? 'proximity';
  if (rerank !== 'proximity' && rerank !== 'none') {
    throw new CairnError(
      'invalid_option',
      `rerank must be "proximity" or "none", got ${String(rerank)}`,
    );
  }
  // the reranker may lift a hit from below k, so it sees a pool of candidates
  const limit = rerank === 'none' ? k : Math.min(MAX_K, Math.max(k, RERANK_POOL));
  const lexical: LexicalQuery = { chunker_id: chunkerId, terms, limit };
  if (options.doc !== undefined) {
    const document = await store.getDocument(options.doc);
    if (document === null) {
      throw new CairnError('document_not_found', `No stored document ${options.doc}`, {
        details: { source: options.doc },
      });
    }
    lexical.document_id = document.id;
  }
  if (options.section !== undefined) lexical.section = options.section;
  const mode = options.mode ?? 'lexical';
  if (!SEARCH_MODES.includes(mode)) {
    throw new CairnError(
      'invalid_option',
      `mode must be one of ${SEARCH_MODES.join(', ')}, got ${String(mode)}`,
    );
  }
  const ranking = await rankByMode(store, {
    mode,
    query,
    lexical,
    ...(rerank === 'none' ? {} : { rerank: (candidates) => proximityScores(terms, candidates) }),
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
  });
  const { ranked } = ranking;
  const embedModel = ranking.embed_model ?? LEXICAL_EMBED_MODEL;
  const indexHash =
    ranking.vector_hash === null
      ? live.index_hash
      : vectorIndexHash(live.index_hash, ranking.vector_hash);
  if (options.index_hash !== undefined && options.index_hash !== indexHash) {
    throw new CairnError(
      'mismatch_index_hash',
      `The live index of ${chunkerId} is ${indexHash}, the caller expects ${options.index_hash}: re-run the search without it or rebuild`,
      { details: { expected: options.index_hash, received: indexHash } },
    );
  }
  // rankHits returns the matches in k_final order
  const hits: SearchHit[] = ranked
    .slice(0, k)
    .map(({ match, score_norm, rerank_score, k_pos, k_final, delta_s, ranks }) => ({
      doc_id: match.doc_uid,
      section_id: match.chunk.section_id || NO_SECTION_ID,
      snippet_id: match.chunk.chunk_id,
      source_url: match.source_url,
      offsets: { start: match.chunk.char_start, end: match.chunk.char_end, unit: 'char' },
      tokens: match.chunk.tokens,
      index_hash: indexHash,
      embed_model: embedModel,
      analyzer: live.analyzer,
      rev: match.rev,
      window: { pre: 0, post: 0 },
      page: match.chunk.page,
      score_raw: match.score_raw,
      score_norm,
      rerank_score,
      k_pos,
      k_final,
      text: match.chunk.text,
      heading_path: match.chunk.heading_path,
      ...(match.chunk.json_pointer === '' ? {} : { json_pointer: match.chunk.json_pointer }),
      // only searches with an embedder measure ΔS and fuse engines: lexical hits stay as they were
      ...(ranking.embed_model === null ? {} : { delta_s, ranks }),
    }));
  // a read-only store (a replica, a file without write access) is searched without a trace
  const traced = !store.read_only && options.trace !== false;
  const logPath = traced ? traceLogPath(store, options.trace_log) : null;
  const result: SearchResult = {
    qid: options.qid ?? `q-${randomBytes(6).toString('hex')}`,
    query,
    terms,
    chunker_id: chunkerId,
    analyzer: live.analyzer,
    index_hash: indexHash,
    embed_model: embedModel,
    mode,
    hits,
    trace_log: logPath,
    traced,
  };
  if (result.traced) {
    try {
      const deltaS = hits[0]?.delta_s;
      await writeTrace(store, result, {
        k,
        log_path: logPath,
        ...wait,
        ...(deltaS === undefined || deltaS === null ? {} : { fields: { deltaS } }),
      });
    } catch (error) {
      if (wait.wait_ms === undefined || !isCairnError(error, 'store_busy')) throw error;
      return { ...result, traced: false };
    }
  }
  return result;
}

/**
 * Options that reach the store as values: none of them can name anything
 * with a NUL in it (no doc_uid, path, sect_path or chunker id has one), and
 * PostgreSQL refuses NUL in text outright, so the search fails alike on
 * both backends, as the caller's mistake.
 */
const STORED_VALUE_OPTIONS = ['doc', 'section', 'chunker', 'qid'] as const;

function rejectNulOptions(options: SearchOptions): void {
  for (const key of STORED_VALUE_OPTIONS) {
    const value = options[key];
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new CairnError('invalid_option', `The ${key} option contains a NUL character`, {
        details: { option: key },
      });
    }
  }
}

/** The index hash of a search that read vectors: the lexical index and the vector index together. */
function vectorIndexHash(lexicalHash: string, vectorHash: string): string {
  const digest = createHash('sha256').update(`${lexicalHash}\n${vectorHash}\n`).digest('hex');
  return `vec:${digest.slice(0, 40)}`;
}
