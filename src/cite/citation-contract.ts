/**
 * The citation payload of seed 001 ("Retrieval Traceability") as cairn
 * reads it: `snippet_id` is a cairn chunk ID, `offsets` are code points into
 * the document's canonical text, half-open `[start, end)`, unit `char`.
 */

/** Fields every payload carries (the seed's "Required fields" table, in its order). */
export const REQUIRED_CITATION_FIELDS = [
  'doc_id',
  'section_id',
  'snippet_id',
  'source_url',
  'offsets',
  'tokens',
  'index_hash',
  'embed_model',
  'analyzer',
  'rev',
] as const;

/**
 * Fields an LLM's citation item carries: the seed's prompt contract, "Each
 * citation item = {snippet_id, section_id, source_url, offsets, tokens}".
 */
export const ANSWER_CITATION_FIELDS = [
  'snippet_id',
  'section_id',
  'source_url',
  'offsets',
  'tokens',
] as const;

export type RequiredCitationField = (typeof REQUIRED_CITATION_FIELDS)[number];

/** Required fields that hold a non-empty string. */
export const STRING_CITATION_FIELDS = [
  'doc_id',
  'section_id',
  'snippet_id',
  'source_url',
  'index_hash',
  'embed_model',
  'analyzer',
  'rev',
] as const satisfies readonly RequiredCitationField[];

/** Optional fields ("Optional but recommended"); null counts as absent (adapters emit it). */
export const OPTIONAL_INTEGER_FIELDS = ['page', 'k_pos', 'k_final'] as const;
export const OPTIONAL_NUMBER_FIELDS = ['score_raw', 'score_norm', 'rerank_score'] as const;

export type CitationField =
  | RequiredCitationField
  | (typeof OPTIONAL_INTEGER_FIELDS)[number]
  | (typeof OPTIONAL_NUMBER_FIELDS)[number]
  | 'window'
  | typeof QUOTE_FIELD;

/**
 * The seed's payload has no field for the words an answer relies on; cairn
 * reads them from `quote`: text that must occur within `[start, end)` of
 * the cited snippet (whitespace runs compare as one space). Optional.
 */
export const QUOTE_FIELD = 'quote';

/** The only offset unit: code points. Token offsets are not accepted, so units never mix. */
export const OFFSET_UNIT = 'char';

export interface CitationOffsets {
  start: number;
  end: number;
  unit: typeof OFFSET_UNIT;
}

/** A full citation payload as search emits it. Unknown fields are allowed and ignored. */
export interface CitationPayload {
  doc_id: string;
  section_id: string;
  snippet_id: string;
  source_url: string;
  offsets: CitationOffsets;
  /** The snippet's size in the unit of the chunker that made it (`Chunk.token_count`): code points for `char`, words for `token-like`, tokenizer tokens otherwise. */
  tokens: number;
  index_hash: string;
  embed_model: string;
  analyzer: string;
  rev: string;
  window?: { pre: number; post: number } | null;
  page?: number | null;
  score_raw?: number | null;
  score_norm?: number | null;
  rerank_score?: number | null;
  k_pos?: number | null;
  k_final?: number | null;
  /** Words of the snippet the answer relies on (see `QUOTE_FIELD`). */
  quote?: string | null;
}

/** A citation item of an auditable answer: the prompt contract's five fields, the rest optional. */
export type AnswerCitation = Pick<CitationPayload, (typeof ANSWER_CITATION_FIELDS)[number]> &
  Partial<Omit<CitationPayload, (typeof ANSWER_CITATION_FIELDS)[number]>>;

/** Keys that name prototype machinery; an answer carrying one is refused. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);
