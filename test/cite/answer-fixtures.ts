import { ID_7, ID_8, ID_OTHER_SECTION } from './cite-fixtures.js';

/** What a model writes under the seed's prompt contract: five fields per citation. */
export const ITEM = {
  snippet_id: ID_7,
  section_id: 'policies/security/keys',
  source_url: 'https://example.org/handbook#security-keys',
  offsets: { start: 2310, end: 2688, unit: 'char' },
  tokens: 188,
};

export const ANSWER = {
  citations: [
    ITEM,
    { ...ITEM, snippet_id: ID_8, offsets: { start: 2688, end: 2900, unit: 'char' } },
  ],
  answer: 'Hardware keys are required for all admin roles.',
  ΔS: 0.37,
  λ: 'convergent',
};

export const SEGMENTED = {
  segments: [
    { citations: [ITEM], text: 'Hardware keys are required for all admin roles.' },
    {
      citations: [
        { ...ITEM, snippet_id: ID_OTHER_SECTION, section_id: 'policies/security/rotation' },
      ],
      text: 'Keys rotate yearly.',
    },
  ],
  ΔS: 0.4,
  λ: 'convergent',
};

export interface AnswerFixture {
  name: string;
  code: string;
  answer: unknown;
  options?: { text_lengths?: Record<string, number> };
  validatorOnly?: boolean;
}

/** Answers that look right but are wrong. */
export const ANSWER_FIXTURES: AnswerFixture[] = [
  { name: 'a list, not an answer', code: 'not_an_answer', answer: [ITEM] },
  {
    name: "the contract's stop signal",
    code: 'model_error',
    answer: { error: 'offsets', fix: 'chunk_alignment.md' },
  },
  { name: 'no citation block', code: 'empty_citations', answer: { answer: 'Trust me.' } },
  { name: 'no answer text', code: 'missing_answer', answer: { citations: [ITEM] } },
  {
    name: 'blank answer text',
    code: 'missing_answer',
    answer: { citations: [ITEM], answer: ' \n\t ' },
  },
  {
    name: 'a blank segment text',
    code: 'missing_answer',
    answer: { segments: [{ citations: [ITEM], text: '   ' }] },
  },
  { name: 'no segments', code: 'empty_segments', answer: { segments: [] } },
  {
    name: 'citations after the answer',
    code: 'cite_after_answer',
    answer: { answer: ANSWER.answer, citations: ANSWER.citations },
    validatorOnly: true,
  },
  {
    name: 'start after end',
    code: 'bad_offsets',
    answer: {
      ...ANSWER,
      citations: [{ ...ITEM, offsets: { start: 2688, end: 2310, unit: 'char' } }],
    },
    validatorOnly: true,
  },
  {
    name: 'offsets past the end of the document',
    code: 'bad_offsets',
    answer: ANSWER,
    options: { text_lengths: { handbook_2024: 2700 } },
    validatorOnly: true,
  },
  {
    name: 'a truncated chunk ID',
    code: 'malformed_snippet_id',
    answer: { ...ANSWER, citations: [{ ...ITEM, snippet_id: ID_7.slice(0, 30) }] },
  },
  {
    name: 'two sections in one segment',
    code: 'cross_section_reuse',
    answer: { ...ANSWER, citations: [ITEM, { ...ITEM, section_id: 'policies/hr/leave' }] },
    validatorOnly: true,
  },
  {
    name: 'two revs of one document across segments',
    code: 'rev_mismatch',
    answer: {
      segments: [
        { citations: [{ ...ITEM, rev: '3b91f2a' }], text: 'a' },
        { citations: [{ ...ITEM, rev: '77aa01c' }], text: 'b' },
      ],
    },
    validatorOnly: true,
  },
  { name: 'ΔS as a word', code: 'wrong_type', answer: { ...ANSWER, ΔS: 'low' } },
  {
    name: 'tokens missing',
    code: 'missing_tokens',
    answer: { ...ANSWER, citations: [{ ...ITEM, tokens: undefined }] },
  },
];
