/**
 * What a trace records of one hit: a search hit, or a citation of an
 * answer segment (-1 where the citation carries no score or rank).
 */
export interface TracedHit {
  snippet_id: string;
  /** `''` for text before any heading; the trace line writes it as `-`. */
  section_id: string;
  rev: string;
  score_norm: number;
  k_pos: number;
  k_final: number;
  /** Each engine's rank, where a search fused several (hybrid) or ranked by vectors. */
  ranks?: { lexical: number | null; vector: number | null };
  /** Where each query found the hit, where a search fused several queries. */
  queries?: readonly { index: number; rank: number }[];
}

/**
 * What a trace records of a search, or of one answer segment: the query, the
 * index it read and its hits in final order. A search result is one as is.
 */
export interface TracedResult {
  qid: string;
  query: string;
  /** Every query, where a search fused several. */
  queries?: readonly string[];
  chunker_id: string;
  analyzer: string;
  index_hash: string;
  embed_model: string;
  hits: readonly TracedHit[];
}
