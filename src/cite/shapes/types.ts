/**
 * The citation shapes `auditAnswer` reads, and what a reader makes of each
 * citation: the chunk it names, the words it quotes, and any problem the
 * answer itself shows (before any store is asked).
 */
export const ANSWER_FORMATS = ['cairn', 'anthropic', 'openai', 'cohere', 'gemini'] as const;
export type AnswerFormat = (typeof ANSWER_FORMATS)[number];

/** What an answer shows wrong with one citation, found without a store. */
export type ReaderProblemCode =
  /** The citation names no cairn chunk: no chunk ID where one was expected, or an index the request does not have. */
  | 'source_unresolved'
  /** The answer's own offsets (the cited segment of the answer text) do not hold the text the citation gives. */
  | 'segment_offsets_mismatch'
  /** The citation's offsets into the cited document do not hold its cited text. */
  | 'offsets_mismatch';

export interface ReaderProblem {
  code: ReaderProblemCode;
  detail: string;
}

export interface ReadCitation {
  /** The shape's own kind of citation: `cairn`, `char_location`, `url_citation`, `grounding_support`, ... */
  kind: string;
  /** JSON Pointer of the citation in the answer. */
  path: string;
  /** The cairn chunk ID the citation names; null when none could be read. */
  chunk_id: string | null;
  /**
   * The citation as a cairn citation payload, for the store's checks
   * (`snippet_id`, and `offsets`, `rev`, `doc_id`, `source_url`,
   * `section_id` when the shape carries them). No `quote`: the audit
   * locates quotes itself.
   */
  cited: Record<string, unknown>;
  /** The shape carries document offsets of its own (cairn's `offsets`): they are checked, not filled in. */
  claims_offsets: boolean;
  /** The words the citation says the source holds: `quote`, `cited_text`, a grounded segment of the answer. */
  quote: string | null;
  /** Code points into the chunk's text where the shape says the quote is (`char_location`); null when it does not say. */
  quote_offsets: { start: number; end: number } | null;
  /** The answer text the citation supports, when the shape says. */
  answer_text: string | null;
  problem: ReaderProblem | null;
}

export interface ReadAnswer {
  format: AnswerFormat;
  /** The provider schema the reader follows, with its version. */
  schema: string;
  /** The answer's text as a reader sees it. */
  text: string;
  citations: ReadCitation[];
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const own = (object: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;

export const arrayAt = (object: Record<string, unknown>, key: string): unknown[] => {
  const v = own(object, key);
  return Array.isArray(v) ? v : [];
};

export const stringAt = (object: Record<string, unknown>, key: string): string | null => {
  const v = own(object, key);
  return typeof v === 'string' ? v : null;
};

export const integerAt = (object: Record<string, unknown>, key: string): number | null => {
  const v = own(object, key);
  return Number.isSafeInteger(v) ? (v as number) : null;
};

/** A citation with the fields every reader fills the same way. */
export function readCitation(
  fields: Pick<ReadCitation, 'kind' | 'path' | 'chunk_id'> & Partial<ReadCitation>,
): ReadCitation {
  return {
    cited: fields.chunk_id === null ? {} : { snippet_id: fields.chunk_id },
    claims_offsets: false,
    quote: null,
    quote_offsets: null,
    answer_text: null,
    problem: null,
    ...fields,
  };
}
