import type { SearchHit, SearchResult } from '../search/types.js';
import type { StoreVerdict } from './citation-status.js';

/** What a trace writes for a value the answer did not carry (as ΔS is -1 when unmeasured). */
const UNKNOWN_NUMBER = -1;
const UNKNOWN_TEXT = '-';

/**
 * One answer segment as the search trace writer takes it, so a validated
 * answer is traced by the same code as a search: its cited snippet IDs in
 * order, with the scores and ranks the citations carry (-1 where they carry
 * none), and the rev the store checked each against.
 */
export function segmentTraceResult(input: {
  qid: string;
  citations: readonly unknown[];
  verdicts: readonly StoreVerdict[];
  trace_log: string | null;
}): SearchResult {
  const hits = input.citations.map((citation, index) =>
    traceHit(citation, input.verdicts[index] ?? null),
  );
  const shared = (field: 'index_hash' | 'embed_model' | 'analyzer'): string => {
    const values = new Set(hits.map((h) => h[field]).filter((v) => v !== UNKNOWN_TEXT));
    return values.size === 1 ? [...values][0]! : UNKNOWN_TEXT;
  };
  return {
    qid: input.qid,
    query: '',
    terms: [],
    chunker_id: UNKNOWN_TEXT,
    analyzer: shared('analyzer'),
    index_hash: shared('index_hash'),
    embed_model: shared('embed_model'),
    hits,
    trace_log: input.trace_log,
    traced: true,
  };
}

function traceHit(citation: unknown, verdict: StoreVerdict | null): SearchHit {
  const value: Record<string, unknown> =
    typeof citation === 'object' && citation !== null && !Array.isArray(citation)
      ? (citation as Record<string, unknown>)
      : {};
  const own = (key: string): unknown => (Object.hasOwn(value, key) ? value[key] : undefined);
  const text = (key: string): string => {
    const v = own(key);
    return typeof v === 'string' && v !== '' ? v : UNKNOWN_TEXT;
  };
  const number = (key: string): number => {
    const v = own(key);
    return typeof v === 'number' && Number.isFinite(v) ? v : UNKNOWN_NUMBER;
  };
  const offsets = own('offsets');
  const at = (key: 'start' | 'end'): number => {
    if (typeof offsets !== 'object' || offsets === null) return UNKNOWN_NUMBER;
    const v = (offsets as Record<string, unknown>)[key];
    return Number.isSafeInteger(v) ? (v as number) : UNKNOWN_NUMBER;
  };
  const section = own('section_id');
  return {
    doc_id: text('doc_id'),
    section_id: typeof section === 'string' ? section : '',
    snippet_id: text('snippet_id'),
    source_url: text('source_url'),
    offsets: { start: at('start'), end: at('end'), unit: 'char' },
    tokens: number('tokens'),
    index_hash: text('index_hash'),
    embed_model: text('embed_model'),
    analyzer: text('analyzer'),
    rev: verdict?.checked_rev ?? text('rev'),
    window: { pre: 0, post: 0 },
    page: null,
    score_raw: number('score_raw'),
    score_norm: number('score_norm'),
    rerank_score: null,
    k_pos: number('k_pos'),
    k_final: number('k_final'),
    text: '',
    heading_path: [],
  };
}
