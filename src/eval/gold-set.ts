/**
 * A gold set for `cairn eval gold` and `cairn ids check --gold`: questions
 * with the passage that answers them, as JSON lines (schemas/gold-set.v1), or
 * a plain list of citations `[{doc, start, end}]`. Offsets are code points
 * into the stored canonical text, half-open.
 */

/** A stored document a gold line may name. */
export interface GoldDocRef {
  doc_uid: string;
  source_url: string;
}

/** The documents a gold set is resolved against, and their canonical texts. */
export interface GoldDocs {
  refs: readonly GoldDocRef[];
  /** The canonical text of the document's current version. */
  text(ref: GoldDocRef): Promise<string>;
}

/** A gold citation resolved to its document and span. */
export interface GoldCitation {
  doc: GoldDocRef;
  start: number;
  end: number;
  /** The canonical text at the span (the quote, when the line gave one). */
  quote: string;
}

export interface GoldQuestion extends GoldCitation {
  id: string;
  /** 1-based line of the gold file. */
  line: number;
  question: string;
  paraphrases: string[];
  /** The intended section's label: a heading path (`A > B`) or a regulation citation (`15 CFR 746.1(b)(1)`). */
  section: string;
  /** The `doc` field as written. */
  doc_label: string;
}

export const GOLD_ISSUE_CODES = [
  /** Not JSON, or not an object (a line of the JSONL file, an item of the list). */
  'malformed_line',
  'missing_field',
  'wrong_type',
  /** Both `gold_quote` and `gold_span`: one says where the answer is. */
  'quote_and_span',
  'duplicate_id',
  /** `doc` names no stored document (by source path, doc_uid or path tail). */
  'unknown_doc',
  /** `doc` is the tail of several stored paths. */
  'ambiguous_doc',
  'quote_absent',
  'quote_not_unique',
  /** Not 0 <= start < end <= the text's length in code points. */
  'bad_span',
  /** No line at all. */
  'empty_gold_set',
  /** A claims set's label that is not one of its labels. */
  'unknown_label',
  /** A claims set's item without a claim of every label it must have. */
  'incomplete_item',
] as const;

export type GoldIssueCode = (typeof GOLD_ISSUE_CODES)[number];

/** One refused gold line: its code, where it is (`line` of a JSONL file, or `item` of a list, 1-based), what is wrong. */
export interface GoldIssue {
  code: GoldIssueCode;
  line: number;
  /** `line` for JSONL, `item` for a JSON list. */
  unit: 'line' | 'item';
  id?: string;
  field?: string;
  message: string;
}
