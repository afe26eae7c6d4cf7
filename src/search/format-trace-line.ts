import type { SearchResult } from './types.js';

/** Characters of the query a trace line keeps. */
const QUERY_CHARS = 200;

/**
 * One grep-friendly line per query in seed 001's log format (logfmt:
 * `key=value`, the query JSON-quoted so a newline or space in it cannot
 * break the line). Lexical search measures no ΔS: `deltaS=-1
 * lambda=unmeasured`. `section_id` and `rev` are the top hit's.
 */
export function formatTraceLine(
  result: SearchResult,
  store: string,
  ts: string,
  k: number,
): string {
  const top = result.hits[0];
  const list = (values: readonly (string | number)[]): string => `[${values.join(',')}]`;
  return [
    `ts=${ts}`,
    `qid=${result.qid}`,
    'seg=1',
    `deltaS=${TRACE_DELTA_S}`,
    `lambda=${TRACE_LAMBDA}`,
    `k=${k}`,
    `store=${store}`,
    `index_hash=${result.index_hash}`,
    `embed=${result.embed_model}`,
    `analyzer=${result.analyzer}`,
    `chunker=${result.chunker_id}`,
    `query=${JSON.stringify(result.query.slice(0, QUERY_CHARS))}`,
    `citations=${list(result.hits.map((h) => h.snippet_id))}`,
    `scores=${list(result.hits.map((h) => h.score_norm))}`,
    `kpos=${list(result.hits.map((h) => h.k_pos))}`,
    `kfinal=${list(result.hits.map((h) => h.k_final))}`,
    `section_id=${top === undefined || top.section_id === '' ? '-' : top.section_id}`,
    `rev=${top?.rev ?? '-'}`,
  ].join(' ');
}

/** ΔS is not measured without embeddings: a value outside 0..1 says so (the column is NOT NULL). */
export const TRACE_DELTA_S = -1;
export const TRACE_LAMBDA = 'unmeasured';
