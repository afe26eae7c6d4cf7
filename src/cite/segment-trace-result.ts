import type { TracedHit, TracedResult } from '../trace/types.js';
import type { StoreVerdict } from './citation-status.js';

/** What a trace writes for a value the answer did not carry (as ΔS is -1 when unmeasured). */
const UNKNOWN_NUMBER = -1;
const UNKNOWN_TEXT = '-';

/**
 * One answer segment as the trace writer takes it, so a verified answer is
 * traced by the same code as a search: its cited snippet IDs in order, with
 * the scores and ranks the citations carry (-1 where they carry none), and
 * the rev the store checked each against. The index, embedder and analyzer
 * are the ones all its citations name, else unknown.
 */
export function segmentTraceResult(input: {
  qid: string;
  citations: readonly unknown[];
  verdicts: readonly StoreVerdict[];
}): TracedResult {
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
    chunker_id: UNKNOWN_TEXT,
    analyzer: shared('analyzer'),
    index_hash: shared('index_hash'),
    embed_model: shared('embed_model'),
    hits,
  };
}

/** A traced hit, with what the citation names of its index. */
type CitedHit = TracedHit & { index_hash: string; embed_model: string; analyzer: string };

function traceHit(citation: unknown, verdict: StoreVerdict | null): CitedHit {
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
  const section = own('section_id');
  return {
    snippet_id: text('snippet_id'),
    section_id: typeof section === 'string' ? section : '',
    rev: verdict?.checked_rev ?? text('rev'),
    score_norm: number('score_norm'),
    k_pos: number('k_pos'),
    k_final: number('k_final'),
    index_hash: text('index_hash'),
    embed_model: text('embed_model'),
    analyzer: text('analyzer'),
  };
}
