import { NO_SECTION_ID } from '../types.js';
import type { TracedResult } from './types.js';

/** Characters of the query a trace line keeps. */
const QUERY_CHARS = 200;

/**
 * What a trace says beside the result: the segment of the answer (1 for a
 * search), and ΔS and λ where they were measured (an answer may carry them;
 * lexical search measures none: `deltaS=-1 lambda=unmeasured`).
 */
export interface TraceFields {
  seg?: number;
  deltaS?: number;
  lambda?: string;
}

/** The fields with their defaults: segment 1, ΔS and λ unmeasured. */
export function traceFields(fields: TraceFields = {}): Required<TraceFields> {
  return {
    seg: fields.seg ?? 1,
    deltaS: fields.deltaS ?? TRACE_DELTA_S,
    lambda: fields.lambda ?? TRACE_LAMBDA,
  };
}

/** The run a trace line records: the store's dialect, when (ISO 8601), and the `k` asked for. */
export interface TraceRun {
  store: string;
  ts: string;
  k: number;
}

/**
 * One grep-friendly line per query and segment in seed 001's log format
 * (logfmt: `key=value`, the query JSON-quoted so a newline or space in it
 * cannot break the line). `section_id` and `rev` are the top hit's.
 */
export function formatTraceLine(
  result: TracedResult,
  run: TraceRun,
  fields: TraceFields = {},
): string {
  const { store, ts, k } = run;
  const top = result.hits[0];
  const { seg, deltaS, lambda } = traceFields(fields);
  const list = (values: readonly (string | number)[]): string => `[${values.join(',')}]`;
  return [
    `ts=${ts}`,
    `qid=${result.qid}`,
    `seg=${seg}`,
    `deltaS=${deltaS}`,
    // the answer's own words: quoted where they would break the line
    `lambda=${quoteIfNeeded(lambda)}`,
    `k=${k}`,
    `store=${store}`,
    `index_hash=${result.index_hash}`,
    `embed=${result.embed_model}`,
    `analyzer=${result.analyzer}`,
    `chunker=${result.chunker_id}`,
    `query=${JSON.stringify(result.query.slice(0, QUERY_CHARS))}`,
    // a fused search: every query, each clipped as the first is, and where each found each hit
    ...(result.queries === undefined
      ? []
      : [`queries=${JSON.stringify(result.queries.map((q) => q.slice(0, QUERY_CHARS)))}`]),
    `citations=${list(result.hits.map((h) => h.snippet_id))}`,
    `scores=${list(result.hits.map((h) => h.score_norm))}`,
    `kpos=${list(result.hits.map((h) => h.k_pos))}`,
    `kfinal=${list(result.hits.map((h) => h.k_final))}`,
    // a citation such as `15 CFR 746.1(b)` has spaces: quoted like the query
    `section_id=${top === undefined || top.section_id === '' ? NO_SECTION_ID : quoteIfNeeded(top.section_id)}`,
    `rev=${top?.rev ?? '-'}`,
    ...(result.hits.some((h) => h.ranks !== undefined)
      ? [
          `ranks=${list(result.hits.map((h) => `l${h.ranks?.lexical ?? '-'}v${h.ranks?.vector ?? '-'}`))}`,
        ]
      : []),
    ...(result.hits.some((h) => h.queries !== undefined)
      ? [
          `qranks=${list(result.hits.map((h) => (h.queries ?? []).map((q) => `q${q.index}:${q.rank}`).join('/') || '-'))}`,
        ]
      : []),
  ].join(' ');
}

/** ΔS is not measured without embeddings: a value outside 0..1 says so (the column is NOT NULL). */
export const TRACE_DELTA_S = -1;
export const TRACE_LAMBDA = 'unmeasured';

function quoteIfNeeded(value: string): string {
  return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
}
