import { createHash, randomBytes } from 'node:crypto';
import { CairnError, isCairnError } from '../errors.js';
import { storedChunkFields, storedNodeOffsets } from '../pipeline/canonical-fields.js';
import {
  dotPathOf,
  isDotPath,
  legibleSections,
  sectionSourceUrl,
} from '../pipeline/legible-section.js';
import { MAX_QUERY_TERMS } from '../store/lexical-search-sql.js';
import type { ChunkStore, IndexManifestRow, LexicalQuery, WaitOptions } from '../store/types.js';
import { traceLogPath } from '../trace/trace-log-path.js';
import { writeTrace } from '../trace/write-trace.js';
import { dropStopwords } from './drop-stopwords.js';
import {
  LEXICAL_EMBED_MODEL,
  readLiveIndex,
  recordManifestForRead,
} from './ensure-index-manifest.js';
import { fuseRankings } from './fuse-rankings.js';
import { DEFAULT_RERANK_TOP } from './passage-reranker.js';
import { proximityScores, RERANK_POOL } from './proximity-rerank.js';
import { type ModeRanked, type ModeRanking, rankByMode, SEARCH_MODES } from './rank-by-mode.js';
import { rerankSecondStage } from './rerank-second-stage.js';
import { resolveSearchIndex } from './resolve-search-chunker.js';
import { tokenizeQuery } from './tokenize-query.js';
import type { QueryRank, SearchHit, SearchOptions, SearchQuery, SearchResult } from './types.js';

/**
 * The dot path a `section` option names: itself, or the section of the
 * document whose legible id it is (which needs `doc`: ids repeat across
 * documents). An id the document has no section of matches nothing.
 */
async function sectionFilter(
  store: ChunkStore,
  section: string,
  documentId: number | undefined,
): Promise<string> {
  if (isDotPath(section)) return section;
  if (documentId === undefined) {
    throw new CairnError(
      'invalid_option',
      `section ${JSON.stringify(section.slice(0, 80))} is a section id: give the document too (doc), or the dot path of the chunk ID's s=`,
      { details: { option: 'section' } },
    );
  }
  const document = await store.getDocumentById(documentId);
  const path = document && (await dotPathOf(store, document.current_version_id, section));
  // no dot path has this form, so nothing matches
  return path ?? `${section}\u0001none`;
}

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
 * trace that cannot be written (the row or the log line) never fails the
 * search: the result says why in `trace_warning`. Every search that runs on
 * a writable store writes one `rag_traces` row and one trace log line, then
 * prunes the rows `trace_retention` does not keep; on a store opened
 * read-only, or with `trace: false`, it writes nothing (`traced: false`).
 *
 * `{ queries: [...] }` searches several phrasings of one need (at most
 * `MAX_QUERIES`) and fuses their rankings by reciprocal rank fusion
 * (`fuseRankings`): each hit says which queries found it and at which
 * rank (`queries`), the result lists them all, and a phrasing that finds
 * nothing leaves the others' order as it was.
 */
export async function search(
  store: ChunkStore,
  query: SearchQuery,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const reads = await readSearch(store, query, options);
  if (reads.manifest !== null)
    await recordManifestForRead(store, reads.manifest, {
      ...waitOf(options),
      ...(options.on_warning === undefined ? {} : { on_warning: options.on_warning }),
    });
  return traceSearch(store, reads, options);
}

/** Phrasings one search fuses at most: a model's rewrites are a handful, and each costs a ranking. */
export const MAX_QUERIES = 16;

/** The queries of a search, each non-blank; `empty_query` or `invalid_option` otherwise. */
function queryList(query: SearchQuery): readonly string[] {
  if (typeof query === 'string') {
    if (query.trim() === '') throw new CairnError('empty_query', 'The search query is empty');
    return [query];
  }
  const list: unknown = (query as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(list) || list.length === 0) {
    throw new CairnError('empty_query', 'Give at least one query in queries');
  }
  if (list.length > MAX_QUERIES) {
    throw new CairnError(
      'invalid_option',
      `${list.length} queries; one search fuses at most ${MAX_QUERIES}`,
      { details: { max_queries: MAX_QUERIES } },
    );
  }
  list.forEach((text, index) => {
    if (typeof text !== 'string') {
      throw new CairnError('invalid_option', `queries[${index}] must be a string`);
    }
    if (text.trim() === '') {
      throw new CairnError('empty_query', `queries[${index}] is empty`);
    }
  });
  return list as string[];
}

/** What a search read: its answer, not yet traced, and the writes it leaves to its caller. */
export interface SearchReads {
  /** The answer, `traced: false` until `traceSearch` writes its trace. */
  result: SearchResult;
  k: number;
  /** The index manifest row the search saw missing from the store (`recordIndexManifest`), or null. */
  manifest: IndexManifestRow | null;
}

/**
 * The reading half of `search`: every check, the ranking and the hits,
 * and no write, so it runs on a read-only connection (a `cairn serve`
 * search worker) while the writes go through the one writable store.
 * Throws as `search` does.
 */
export async function readSearch(
  store: ChunkStore,
  query: SearchQuery,
  options: SearchOptions = {},
): Promise<SearchReads> {
  const k = checkK(options.k ?? 10);
  const queries = queryList(query);
  rejectNulOptions(options);
  const { chunker_id: chunkerId, state } = await resolveSearchIndex(store, options.chunker);
  const { live, manifest } = await readLiveIndex(store, chunkerId, state ?? undefined);
  if (options.analyzer !== undefined && options.analyzer !== live.analyzer) {
    throw new CairnError(
      'analyzer_mismatch',
      `The index was built with analyzer ${live.analyzer}, the caller expects ${options.analyzer}`,
      { details: { expected: options.analyzer, received: live.analyzer } },
    );
  }
  const rerank = options.rerank ?? 'proximity';
  if (rerank !== 'proximity' && rerank !== 'none') {
    throw new CairnError(
      'invalid_option',
      `rerank must be "proximity" or "none", got ${String(rerank)}`,
    );
  }
  const fused = typeof query !== 'string';
  // the reranker may lift a hit from below k, and fusion one from below k in every list: both see a pool
  const rerankTop = checkRerankTop(options.rerank_top ?? DEFAULT_RERANK_TOP);
  const second = options.reranker;
  const limit =
    rerank === 'none' && !fused && second === undefined
      ? k
      : Math.min(MAX_K, Math.max(k, RERANK_POOL, second === undefined ? 0 : rerankTop));
  const lexical: Omit<LexicalQuery, 'terms'> = { chunker_id: chunkerId, limit };
  if (options.doc !== undefined) {
    const document = await store.getDocument(options.doc);
    if (document === null) {
      throw new CairnError('document_not_found', `No stored document ${options.doc}`, {
        details: { source: options.doc },
      });
    }
    lexical.document_id = document.id;
  }
  if (options.section !== undefined) {
    lexical.section = await sectionFilter(store, options.section, lexical.document_id);
  }
  const mode = options.mode ?? 'lexical';
  if (!SEARCH_MODES.includes(mode)) {
    throw new CairnError(
      'invalid_option',
      `mode must be one of ${SEARCH_MODES.join(', ')}, got ${String(mode)}`,
    );
  }
  const rankings: ModeRanking[] = [];
  const termLists: string[][] = [];
  for (const text of queries) {
    // A 10 kB query has hundreds of words: the first 64 distinct ones rank as well and keep the statement small.
    const terms = dropStopwords(tokenizeQuery(text)).slice(0, MAX_QUERY_TERMS);
    termLists.push(terms);
    rankings.push(
      await rankByMode(store, {
        mode,
        query: text,
        lexical: { ...lexical, terms },
        ...(rerank === 'none'
          ? {}
          : { rerank: (candidates) => proximityScores({ text, terms }, candidates) }),
        ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      }),
    );
  }
  const ranking = rankings[0]!;
  const ranked: (ModeRanked & { queries?: QueryRank[] })[] = fused
    ? fuseRankings(rankings.map((r) => r.ranked)).map((r) => ({
        match: r.match,
        score_norm: r.score_norm,
        rerank_score: r.rerank_score,
        k_pos: r.k_pos,
        k_final: r.k_final,
        // ΔS and the engines' ranks as the phrasing that ranked the chunk best measured them
        delta_s: r.best.delta_s,
        ranks: r.best.ranks,
        queries: r.list_ranks.flatMap((rank, index) => (rank === null ? [] : [{ index, rank }])),
      }))
    : ranking.ranked;
  const terms = [...new Set(termLists.flat())];
  const reranked =
    second === undefined
      ? null
      : await rerankSecondStage(ranked, { reranker: second, query: queries[0]!, top: rerankTop });
  const final = reranked?.ranked ?? ranked;
  const rerankerId = reranked !== null && reranked.warning === null ? second!.id : null;
  const embedModel = ranking.embed_model ?? LEXICAL_EMBED_MODEL;
  const firstStageHash =
    ranking.vector_hash === null
      ? live.index_hash
      : vectorIndexHash(live.index_hash, ranking.vector_hash);
  // the order is the reranker's too: the identity a caller pins names it
  const indexHash =
    rerankerId === null ? firstStageHash : rerankedIndexHash(firstStageHash, rerankerId);
  if (options.index_hash !== undefined && options.index_hash !== indexHash) {
    throw new CairnError(
      'mismatch_index_hash',
      `The live index of ${chunkerId} is ${indexHash}, the caller expects ${options.index_hash}: re-run the search without it or rebuild`,
      { details: { expected: options.index_hash, received: indexHash } },
    );
  }
  // rankHits returns the matches in k_final order
  const top = final.slice(0, k);
  const sections = await legibleSections(
    store,
    top.map((r) => r.match.chunk),
  );
  const hits: SearchHit[] = top.map(
    ({ match, score_norm, rerank_score, k_pos, k_final, delta_s, ranks, queries: found }, i) => ({
      doc_id: match.doc_uid,
      section_id: sections[i]!.section_id,
      snippet_id: match.chunk.chunk_id,
      // an eCFR unit stored from a local file links to its paragraph on ecfr.gov
      source_url: sectionSourceUrl(match.source_url, sections[i]!),
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
      ...storedChunkFields(match.chunk),
      text: match.chunk.text,
      section_label: sections[i]!.section_label,
      heading_path: match.chunk.heading_path,
      ...(match.chunk.json_pointer === '' ? {} : { json_pointer: match.chunk.json_pointer }),
      ...storedNodeOffsets(match.chunk),
      // only searches with an embedder measure ΔS and fuse engines: lexical hits stay as they were
      ...(ranking.embed_model === null ? {} : { delta_s, ranks }),
      ...(found === undefined ? {} : { queries: found }),
      ...(rerankerId === null ? {} : { reranker: rerankerId }),
    }),
  );
  const result: SearchResult = {
    qid: options.qid ?? `q-${randomBytes(6).toString('hex')}`,
    query: queries[0]!,
    ...(fused ? { queries } : {}),
    terms,
    chunker_id: chunkerId,
    analyzer: live.analyzer,
    index_hash: indexHash,
    embed_model: embedModel,
    mode,
    hits,
    ...(rerankerId === null ? {} : { reranker: rerankerId }),
    ...(reranked?.warning ? { rerank_warning: reranked.warning } : {}),
    trace_log: null,
    traced: false,
  };
  return { result, k, manifest };
}

/**
 * The trace of a search `readSearch` answered: one `rag_traces` row and one
 * trace log line, then the rows `trace_retention` does not keep are
 * pruned. Nothing on a read-only store or with `trace: false`. A trace
 * that cannot be written never fails the search: the answer says why.
 */
export async function traceSearch(
  store: ChunkStore,
  reads: SearchReads,
  options: SearchOptions = {},
): Promise<SearchResult> {
  // a read-only store (a replica, a file without write access) is searched without a trace
  const traced = !store.read_only && options.trace !== false;
  if (!traced) return reads.result;
  const logPath = traceLogPath(store, options.trace_log);
  const result: SearchResult = { ...reads.result, trace_log: logPath, traced };
  try {
    const deltaS = result.hits[0]?.delta_s;
    await writeTrace(store, result, {
      k: reads.k,
      log_path: logPath,
      ...waitOf(options),
      ...(options.trace_retention === undefined ? {} : { retention: options.trace_retention }),
      ...(deltaS === undefined || deltaS === null ? {} : { fields: { deltaS } }),
    });
  } catch (error) {
    // the search is answered whatever became of its trace; the caller is told why there is none
    const code = error instanceof CairnError ? error.code : 'trace_unwritable';
    const message = error instanceof Error ? error.message : String(error);
    // a log line that failed came after its row
    return {
      ...result,
      traced: isCairnError(error, 'trace_log_unwritable'),
      trace_warning: { code, message },
    };
  }
  return result;
}

/** The index manifest and the trace are the search's only writes, and wait alike. */
function waitOf(options: SearchOptions): WaitOptions {
  return options.trace_wait_ms === undefined ? {} : { wait_ms: options.trace_wait_ms };
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

/** The index hash of a search whose order a second-stage reranker made: the first stage's and the reranker's. */
function rerankedIndexHash(firstStageHash: string, rerankerId: string): string {
  const digest = createHash('sha256').update(`${firstStageHash}\n${rerankerId}\n`).digest('hex');
  return `rr:${digest.slice(0, 40)}`;
}

function checkRerankTop(top: number): number {
  if (Number.isInteger(top) && top >= 1 && top <= MAX_K) return top;
  throw new CairnError(
    'invalid_option',
    `rerank_top must be a whole number from 1 to ${MAX_K}, got ${String(top)}`,
  );
}

/** The index hash of a search that read vectors: the lexical index and the vector index together. */
function vectorIndexHash(lexicalHash: string, vectorHash: string): string {
  const digest = createHash('sha256').update(`${lexicalHash}\n${vectorHash}\n`).digest('hex');
  return `vec:${digest.slice(0, 40)}`;
}
