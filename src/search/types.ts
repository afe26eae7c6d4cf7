import type { Embedder } from '../embed/types.js';
import type { CairnError } from '../errors.js';
import type { CanonicalChunkFields } from '../pipeline/canonical-fields.js';
import type { TraceRetention } from '../store/trace-store.js';
import type { PassageReranker } from './passage-reranker.js';
import type { EngineRanks, SearchMode } from './rank-by-mode.js';

/**
 * The citation payload of seed 001 (retrieval traceability), as each
 * search hit carries it. Offsets are code points into the version's
 * canonical text, half-open.
 */
export interface Citation {
  doc_id: string;
  /**
   * The chunk's section as a person cites it (`sectionKeys`): an eCFR
   * citation (`15 CFR 736.2(b)(1)`), a path of heading slugs
   * (`getting-started/installation`), a PDF page (`p.014`), a notebook cell
   * (`cell-12`), a JSON pointer; `-` for text before any heading. The
   * chunk ID's `s=` keeps the dot path.
   */
  section_id: string;
  /** The chunk ID. */
  snippet_id: string;
  source_url: string;
  offsets: { start: number; end: number; unit: 'char' };
  /** The chunk's size in its chunker's unit (`Chunk.token_count`): code points for `char`, words for `token-like`, tokenizer tokens otherwise. */
  tokens: number;
  index_hash: string;
  /** `'none'`: the lexical index embeds nothing. */
  embed_model: string;
  analyzer: string;
  rev: string;
  /** Context around the snippet the hit carries: none, the snippet is the chunk. */
  window: { pre: number; post: number };
  page: number | null;
  /** The engine's score, higher is better (SQLite `-bm25()`; PostgreSQL: BM25 idf times `ts_rank` per term, summed). */
  score_raw: number;
  /** `score_raw / max(score_raw)` over the hits of the query, in (0, 1], 6 decimals. */
  score_norm: number;
  /** The lexical proximity reranker's score, 0 to 1 (`proximityScores`); null when reranking is off. */
  rerank_score: number | null;
  /** 1-based position in the engine's order, among the candidates the reranker saw. */
  k_pos: number;
  /** 1-based position after the rerank and the tie-break (score_norm desc, section_id asc, snippet_id asc). */
  k_final: number;
}

/**
 * A search hit: the citation payload, seed 000's canonical fields
 * (`chunker_id`, `hash`, `block_type`, `anchor`) and the chunk's text.
 */
export interface SearchHit extends Citation, CanonicalChunkFields {
  /** The chunk's text (the canonical text at `offsets`). */
  text: string;
  /** The section's heading titles, top down, joined by ` > ` (`page 14`, `cell 12` for those). */
  section_label: string;
  heading_path: string[];
  /**
   * JSON documents: the RFC 6901 pointer of the string node the chunk lies
   * in (`offsets` still index the document's canonical text, where the
   * node's span is). Absent for other documents.
   */
  json_pointer?: string;
  /**
   * JSON documents: the chunk's code point offsets within its string node's
   * own text (seed 004's `char_start/char_end`); `offsets` stay canonical.
   */
  node_start?: number;
  node_end?: number;
  /** ΔS = 1 − cosine(question, chunk), 6 decimals; only when the search had an embedder (null: the chunk has no vector). */
  delta_s?: number | null;
  /** Each engine's 1-based rank of the hit (null: that engine did not return it); only when the search had an embedder. */
  ranks?: EngineRanks;
  /**
   * A search of several queries (`{ queries }`): the queries that found the
   * hit, by their index in `queries`, each with the hit's 1-based rank in
   * that query's own ranking. Absent for a search of one query string.
   */
  queries?: QueryRank[];
  /**
   * The second-stage reranker that ordered the hit (`PassageReranker.id`):
   * its `rerank_score` is that reranker's, its `k_pos` the first stage's
   * rank. Absent when no second stage ran or it failed.
   */
  reranker?: string;
}

/** Where one query of a fused search ranked a hit. */
export interface QueryRank {
  /** The query's 0-based position in the search's `queries`. */
  index: number;
  /** 1-based `k_final` of the hit in that query's ranking. */
  rank: number;
}

/** What a search looks for: one query, or several phrasings of one need fused into one ranking. */
export type SearchQuery = string | { queries: readonly string[] };

export interface SearchOptions {
  /** Hits at most (default 10). */
  k?: number;
  /** Only this document (doc_uid or source_url as ingested). */
  doc?: string;
  /**
   * Only this section and its subsections: a hit's `section_id` (with
   * `doc`), or a dot path such as `2` or `2.4` (the chunk ID's `s=`).
   */
  section?: string;
  /**
   * Chunker id, name or alias (default: the registry's default, as ingest
   * uses, or the store's only chunker). A name the store holds under other
   * settings (late chunking) means that chunk set; one the store has no
   * chunks of is `unknown_chunker`.
   */
  chunker?: string;
  /** The analyzer the caller expects; a different live analyzer fails with `analyzer_mismatch`. */
  analyzer?: string;
  /** The index hash the caller expects; a different live index fails with `mismatch_index_hash`. */
  index_hash?: string;
  /**
   * Where the trace line goes: a file path, or false for none. Default: `traces.log`
   * beside a SQLite database file; none for PostgreSQL.
   */
  trace_log?: string | false;
  /** The query id traces carry (default: a random `q-` id). */
  qid?: string;
  /** False: write no trace row or line (`traced: false`), as for an HTTP HEAD. Default true. */
  trace?: boolean;
  /** Trace rows to keep once this search's is written (default: the newest 10,000); false keeps every row. */
  trace_retention?: TraceRetention | false;
  /**
   * Wait at most this long for a write lock another connection holds on a
   * SQLite store to write the trace; past it the search is answered without
   * one (`traced: false`). Default: the store's busy timeout (30 s). SQLite
   * spends the wait between attempts that do not block the thread; `cairn
   * serve` gives a short one, so that a held lock delays an answer little.
   */
  trace_wait_ms?: number;
  /**
   * `proximity` (default): the engine's best candidates reordered by how
   * closely the query's words stand together in them and in their
   * neighbours, as the query writes them, and beside an answer of the form
   * it asks for (`proximityScores`); `none`: the engine's order.
   */
  rerank?: 'proximity' | 'none';
  /**
   * `lexical` (default): BM25; `vector`: nearest by cosine to the query's
   * embedding; `hybrid`: reciprocal rank fusion of the two. `vector` and
   * `hybrid` need `embedder`, the one the index was embedded with.
   */
  mode?: SearchMode;
  /**
   * Embeds the query. With it, hits carry `delta_s` and `ranks` and name the
   * embedder in `embed_model`, in any mode; the trace records the top hit's ΔS.
   */
  embedder?: Embedder;
  /**
   * A second stage over the first stage's best `rerank_top` candidates (a
   * cross-encoder, a rerank service): hits in its order, each with its
   * score and its id, the index hash folding the id in. One that fails
   * or times out leaves the first-stage order and says why in
   * `rerank_warning`.
   */
  reranker?: PassageReranker;
  /** Candidates the second-stage reranker sees (default 50). */
  rerank_top?: number;
  /**
   * Told when the index manifest the search saw missing could not be
   * recorded (a full disk, a read-only file, a held lock): the search is
   * answered all the same, since a read needs no write.
   */
  on_warning?: (warning: CairnError) => void;
}

export interface SearchResult {
  qid: string;
  /** The query; of a search of several, the first. */
  query: string;
  /** A search of several queries: all of them, in the order hits' `queries` index. */
  queries?: readonly string[];
  terms: string[];
  chunker_id: string;
  analyzer: string;
  index_hash: string;
  embed_model: string;
  mode: SearchMode;
  hits: SearchHit[];
  /** The trace file written, if any. */
  trace_log: string | null;
  /** Whether a `rag_traces` row was written: false on a store opened read-only. */
  traced: boolean;
  /** The second-stage reranker that ordered the hits, when one ran. */
  reranker?: string;
  /** Why the second-stage reranker did not order the hits (they keep the first-stage order). */
  rerank_warning?: { code: string; message: string };
  /**
   * Why the trace (row or log line) could not be written: the search is
   * answered all the same. Absent when the trace was written or not asked for.
   */
  trace_warning?: { code: string; message: string };
}
