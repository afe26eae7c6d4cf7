import type { CitationValidationOptions } from '../../src/cite/types.js';

export const ID_7 = 'handbook_2024|r=3b91f2a0|s=02.04.01-|p=014|b=007';
export const ID_8 = 'handbook_2024|r=3b91f2a0|s=02.04.01-|p=014|b=008';
export const ID_OTHER_SECTION = 'handbook_2024|r=3b91f2a0|s=02.05-|p=015|b=001';

/** The seed's JSON shape with a cairn chunk ID as snippet_id. */
export const CITATION = {
  doc_id: 'handbook_2024',
  section_id: 'policies/security/keys',
  snippet_id: ID_7,
  source_url: 'https://example.org/handbook#security-keys',
  offsets: { start: 2310, end: 2688, unit: 'char' },
  tokens: 188,
  index_hash: 'faiss:2f7d9a',
  embed_model: 'bge-large-en-v1.5:mean',
  analyzer: 'lowercase+ascii_fold',
  rev: '3b91f2a',
  window: { pre: 120, post: 120 },
  page: 14,
  score_raw: 0.8421,
  score_norm: 0.78,
  rerank_score: 0.67,
  k_pos: 18,
  k_final: 3,
} as const;

export const SECOND = {
  ...CITATION,
  snippet_id: ID_8,
  offsets: { start: 2688, end: 2900, unit: 'char' },
  score_norm: 0.7,
};

export const with_ = (patch: Record<string, unknown>): Record<string, unknown> => ({
  ...CITATION,
  ...patch,
});

export const without = (field: string): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...CITATION };
  delete copy[field];
  return copy;
};

export const CLEAN_PAYLOADS: { name: string; input: unknown }[] = [
  { name: 'an array of two citations', input: [CITATION, SECOND] },
  { name: 'an object with citations', input: { citations: [CITATION], qid: 'Q001' } },
  {
    name: 'an adapter payload with null optional fields',
    input: [with_({ score_norm: null, k_pos: null, window: null, page: null })],
  },
  { name: 'score_norm alone', input: [with_({ score_raw: undefined })] },
  {
    name: 'a search result (cairn search --json): its hits, with their text',
    input: { qid: 'Q001', query: 'admin keys', hits: [{ ...CITATION, text: 'Hardware keys.' }] },
  },
];

export interface RuleFixture {
  name: string;
  code: string;
  input: unknown;
  options?: CitationValidationOptions;
  /** JSON Schema cannot state the rule: the schema accepts the input. */
  validatorOnly?: boolean;
}

const REQUIRED = [
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
];

/** One failing fixture per return code (several for some). */
export const RULE_FIXTURES: RuleFixture[] = [
  { name: 'a bare string', code: 'not_a_citation_list', input: 'see the handbook' },
  { name: 'an empty list', code: 'empty_citations', input: [] },
  { name: 'an empty citations block', code: 'empty_citations', input: { citations: [] } },
  { name: 'a search result without hits', code: 'empty_citations', input: { hits: [] } },
  { name: 'hits that are not a list', code: 'wrong_type', input: { hits: 'none' } },
  { name: 'a number among citations', code: 'not_an_object', input: [CITATION, 7] },
  ...REQUIRED.map((field) => ({
    name: `no ${field}`,
    code: `missing_${field}`,
    input: [without(field)],
  })),
  { name: 'a null rev', code: 'missing_rev', input: [with_({ rev: null })] },
  { name: 'tokens as a string', code: 'wrong_type', input: [with_({ tokens: '188' })] },
  { name: 'score_norm above 1', code: 'wrong_type', input: [with_({ score_norm: 1.5 })] },
  { name: 'an empty section_id', code: 'wrong_type', input: [with_({ section_id: '' })] },
  {
    name: 'a negative window',
    code: 'wrong_type',
    input: [with_({ window: { pre: -1, post: 0 } })],
  },
  {
    name: 'start after end',
    code: 'bad_offsets',
    input: [CITATION, with_({ offsets: { start: 1500, end: 1400, unit: 'char' } })],
    validatorOnly: true,
  },
  {
    name: 'an empty span',
    code: 'bad_offsets',
    input: [with_({ offsets: { start: 40, end: 40, unit: 'char' } })],
    validatorOnly: true,
  },
  {
    name: 'offsets past the text',
    code: 'bad_offsets',
    input: [CITATION],
    options: { text_lengths: { handbook_2024: 2500 } },
    validatorOnly: true,
  },
  {
    name: 'token offsets',
    code: 'bad_offsets',
    input: [with_({ offsets: { start: 1, end: 2, unit: 'token' } })],
  },
  {
    name: 'a negative start',
    code: 'bad_offsets',
    input: [with_({ offsets: { start: -1, end: 2, unit: 'char' } })],
  },
  {
    name: 'string offsets',
    code: 'bad_offsets',
    input: [with_({ offsets: { start: '1', end: 2, unit: 'char' } })],
  },
  {
    name: 'a truncated chunk ID',
    code: 'malformed_snippet_id',
    input: [with_({ snippet_id: 'handbook_2024|r=3b91f2a0|s=02.04.01-|p=014|b=' })],
  },
  {
    name: "the seed's non-chunk-ID snippet",
    code: 'malformed_snippet_id',
    input: [with_({ snippet_id: 'hb24-sec-keys-0007' })],
  },
  {
    name: 'an unpadded chunk ID',
    code: 'malformed_snippet_id',
    input: [with_({ snippet_id: 'handbook_2024|r=3b91f2a0|s=2.4.1-|p=014|b=007' })],
    validatorOnly: true,
  },
  {
    name: 'the same snippet under another section',
    code: 'cross_section_reuse',
    input: [CITATION, with_({ section_id: 'policies/security/passwords' })],
    validatorOnly: true,
  },
  {
    name: 'no score at all',
    code: 'missing_score',
    input: [with_({ score_raw: undefined, score_norm: undefined })],
  },
  {
    name: 'a null score',
    code: 'missing_score',
    input: [with_({ score_raw: null, score_norm: undefined })],
  },
  {
    name: 'no k_pos under trace completeness',
    code: 'missing_k_pos',
    input: [with_({ k_pos: undefined })],
    options: { require_k_pos: true },
    validatorOnly: true,
  },
  {
    name: 'a stale index',
    code: 'mismatch_index_hash',
    input: [CITATION],
    options: { index_hash: 'faiss:9e01c3' },
    validatorOnly: true,
  },
  {
    name: 'another analyzer at read time',
    code: 'analyzer_mismatch',
    input: [CITATION],
    options: { analyzer: 'lowercase' },
    validatorOnly: true,
  },
  {
    name: 'two revs of one document',
    code: 'rev_mismatch',
    input: [CITATION, { ...SECOND, rev: '77aa01c' }],
    validatorOnly: true,
  },
  {
    name: 'an old rev',
    code: 'rev_mismatch',
    input: [CITATION],
    options: { revs: { handbook_2024: '77aa01c' } },
    validatorOnly: true,
  },
  {
    name: 'a tie broken the wrong way',
    code: 'bad_order',
    input: [with_({ snippet_id: ID_8 }), CITATION],
    options: { ranked: true },
    validatorOnly: true,
  },
];
