import { checkCitation } from '../cite/check-citation.js';
import type { CitationPayload } from '../cite/citation-contract.js';
import { type CitationIssue, citeIssue, pointerToken } from '../cite/cite-issue.js';

export interface ProjectionOptions {
  /**
   * Facts of the index the results come from (a vector store's own hash,
   * its embedding model, its analyzer). They win over the metadata's: a
   * chunk exported from cairn's store carries the lexical index it was
   * exported from, which is not the index that returned it now.
   */
  index_hash?: string;
  embed_model?: string;
  analyzer?: string;
  /** `chunk_id` (default): snippet_id must be a cairn chunk ID; `any`: any non-empty string. */
  snippet_ids?: 'chunk_id' | 'any';
}

/** What one framework result offers a projection. */
export interface ProjectionSource {
  metadata: Readonly<Record<string, unknown>>;
  /** Metadata keys read for `source_url` when it is absent (LangChain `source`, LlamaIndex `file_path`). */
  source_keys: readonly string[];
  /** The framework's id of the result, the snippet_id when the metadata has no `chunk_id`. */
  id?: unknown;
  /** The framework's id of the parent document, the doc_id when the metadata has none. */
  parent_id?: unknown;
  /** The score the store returned with the result, taken as-is (a distance for some stores). */
  score?: unknown;
  /** 1-based position in the store's result list: k_pos when the metadata has none. */
  position?: number;
}

/** A payload that passes every rule one citation can break, or the issues and what was assembled. */
export type CitationProjection =
  | { ok: true; citation: CitationPayload }
  | { ok: false; issues: CitationIssue[]; citation: Record<string, unknown> };

export type CitationListProjection =
  | { ok: true; citations: CitationPayload[] }
  | { ok: false; issues: CitationIssue[]; citations: Record<string, unknown>[] };

/**
 * Seed 001's drop-in adapter: a framework result as a citation payload.
 * Metadata named as the payload (what cairn's splitters and retrievers
 * write) is read first, then the seed's own adapter names (`start`/`end`,
 * `score`, `k`), then the framework's ids; the index facts given as
 * options (`index_hash`, `embed_model`, `analyzer`) win over any in the
 * metadata, since they name the index that returned the results. Nothing is
 * converted: `offsets` must already be code points. The payload is checked
 * as `validateCitations` checks one citation, so a field the metadata lacks
 * is a `missing_<field>` issue, a result without a score `missing_score`,
 * broken offsets `bad_offsets`; issue paths point into the payload.
 * Never throws.
 */
export function projectCitation(
  source: ProjectionSource,
  options: ProjectionOptions = {},
  at: { index: number | null; path: string } = { index: null, path: '' },
): CitationProjection {
  const { citation, issues } = assembleAndCheck(source, options, at);
  return issues.length === 0
    ? { ok: true, citation: citation as unknown as CitationPayload }
    : { ok: false, issues, citation };
}

/** A result list in the store's order; each result's position is its k_pos unless its metadata has one. */
export function projectCitations(
  sources: readonly ProjectionSource[],
  options: ProjectionOptions = {},
): CitationListProjection {
  const citations: Record<string, unknown>[] = [];
  const issues: CitationIssue[] = [];
  for (const [index, source] of sources.entries()) {
    const projected = assembleAndCheck({ position: index + 1, ...source }, options, {
      index,
      path: pointerToken(index),
    });
    citations.push(projected.citation);
    issues.push(...projected.issues);
  }
  return issues.length === 0
    ? { ok: true, citations: citations as unknown as CitationPayload[] }
    : { ok: false, issues, citations };
}

function assembleAndCheck(
  source: ProjectionSource,
  options: ProjectionOptions,
  at: { index: number | null; path: string },
): { citation: Record<string, unknown>; issues: CitationIssue[] } {
  const citation = assemble(source, options);
  const checked = checkCitation(citation, { snippet_ids: options.snippet_ids ?? 'chunk_id' });
  const issues = checked.issues.map((body) =>
    citeIssue(body, {
      path: 'field' in body ? `${at.path}${pointerToken(body.field)}` : at.path,
      segment: null,
      index: at.index,
      snippet_id: checked.snippet_id,
    }),
  );
  return { citation, issues };
}

function assemble(source: ProjectionSource, options: ProjectionOptions): Record<string, unknown> {
  const m = source.metadata;
  const sourceUrl = m.source_url ?? source.source_keys.map((key) => m[key]).find(present);
  const offsets =
    m.offsets ??
    (present(m.start) || present(m.end) ? { start: m.start, end: m.end, unit: 'char' } : undefined);
  const fields: [string, unknown][] = [
    ['doc_id', m.doc_id ?? source.parent_id],
    ['section_id', m.section_id],
    ['snippet_id', m.chunk_id ?? m.snippet_id ?? source.id],
    ['source_url', sourceUrl],
    ['offsets', offsets],
    ['tokens', m.tokens],
    ['index_hash', options.index_hash ?? m.index_hash],
    ['embed_model', options.embed_model ?? m.embed_model],
    ['analyzer', options.analyzer ?? m.analyzer],
    ['rev', m.rev],
    ['window', m.window],
    ['page', m.page],
    ['score_raw', source.score ?? m.score_raw ?? m.score],
    ['score_norm', m.score_norm],
    ['rerank_score', m.rerank_score],
    ['k_pos', m.k_pos ?? m.k ?? source.position],
    ['k_final', m.k_final],
    // seed 000's canonical fields and the JSON node offsets, when the metadata has them
    ['chunker_id', m.chunker_id],
    ['hash', m.hash],
    ['block_type', m.block_type],
    ['anchor', m.anchor],
    ['json_pointer', m.json_pointer],
    ['node_start', m.node_start],
    ['node_end', m.node_end],
  ];
  return Object.fromEntries(fields.filter(([, value]) => value !== undefined));
}

const present = (value: unknown): boolean => value !== undefined && value !== null;
