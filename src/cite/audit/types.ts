import type { CitationStatusReason } from '../citation-status.js';
import type { AuditedClaim, ClaimSummary } from '../claims/types.js';
import type { ClosestPassage } from '../quote/closest-passage.js';
import type { QuoteMatchStatus, QuoteSpan } from '../quote/locate-quote.js';
import type { Normalization } from '../quote/normalize-for-match.js';
import type { AnswerFormat, ReaderProblemCode } from '../shapes/types.js';

export interface AuditOptions {
  /** The answer's shape; `auto` (default) reads it from the answer's top level. */
  format?: AnswerFormat | 'auto';
  /** The request body the answer replies to (JSON text): maps document and search-result indices to chunks. */
  request?: string | null;
  /** Resolve chunk IDs among this chunker's chunks (an id, name or alias); by default the chunker that has the ID. */
  chunker?: string;
  /**
   * Look for a quote the cited chunk lacks across the whole store too, through the lexical index
   * (default true); the cited document's own chunks are always searched.
   */
  search_corpus?: boolean;
  /** The question the answer replies to: names and numbers it states need no passage in a claim. */
  question?: string;
}

/** A citation the store backs as given (`verified`), one it backs once repaired (`repaired`), or one it does not. */
export type AuditStatus = 'verified' | 'repaired' | 'unverified';

/**
 * Why a citation has its status. Verified: `quote_verified` (the quote is
 * in the cited chunk), `chunk_verified` (nothing quoted; the chunk checks
 * out). Repaired: `redirected` (an old chunk whose text the live chunk
 * still holds), `quote_found_elsewhere` (the quote is in another chunk:
 * `resolved_chunk_id`). Unverified: the store's reasons, the reader's
 * problems, `quote_not_found` and `quote_too_short`.
 */
export type AuditCode =
  | 'quote_verified'
  | 'chunk_verified'
  | 'redirected'
  | 'quote_found_elsewhere'
  | 'quote_not_found'
  | 'quote_too_short'
  | ReaderProblemCode
  | Exclude<
      CitationStatusReason,
      'not_checked_against_store' | 'invalid_citation' | 'quote_not_found'
    >;

/** `misplaced`: not in the cited chunk, but in `chunk_id`, another one of the store. */
export type AuditQuoteStatus = QuoteMatchStatus | 'misplaced';

export interface AuditQuote {
  status: AuditQuoteStatus;
  text: string;
  /** The chunk the quote was located in (for `misplaced`, the other chunk); the cited chunk otherwise. */
  chunk_id: string | null;
  /** Code points into that chunk's text (`passage.text`), half-open; null when not located. */
  start: number | null;
  end: number | null;
  /** The same span in code points of its document's canonical text. */
  doc_start: number | null;
  doc_end: number | null;
  /** For `normalized` and `elided`: the normalizations the match needed. */
  normalized: Normalization[];
  /** For `elided`: each fragment's span in the chunk's text. */
  fragments: QuoteSpan[];
  words: number;
  detail: string | null;
  /** For `not_found`: the passage of the cited chunk closest to the quote. */
  closest: ClosestPassage | null;
}

/** Stored text a report shows for a citation: the chunk the quote was located in, else the cited chunk. */
export interface AuditPassage {
  chunk_id: string;
  doc_id: string;
  rev: string | null;
  /** The chunk's span in its version's canonical text, code points. */
  char_start: number;
  char_end: number;
  text: string;
  /** The chunk's section as search hits name it (`15 CFR 746.1(b)(3)`, a heading-slug path), its titles, its heading path. */
  section_id: string | null;
  section_label: string;
  heading_path: string[];
}

export interface AuditedCitation {
  /** 0-based, in answer order. */
  index: number;
  /** The shape's own kind: `cairn`, `search_result_location`, `url_citation`, `document`, `retrieved_context`, ... */
  kind: string;
  /** JSON Pointer of the citation in the answer. */
  path: string;
  status: AuditStatus;
  code: AuditCode;
  /** What was found, for people; null when verified. */
  detail: string | null;
  /** The chunk ID the citation names; null when it names none. */
  chunk_id: string | null;
  /** The chunk the citation stands for after the audit: itself, the live chunk, or where its quote is. */
  resolved_chunk_id: string | null;
  /** The rev the cited chunk was checked in. */
  rev: string | null;
  quote: AuditQuote | null;
  /** The answer text the citation supports, when its shape says. */
  answer_text: string | null;
  passage: AuditPassage | null;
}

export interface AuditSummary {
  citations: number;
  verified: number;
  repaired: number;
  unverified: number;
  /** Citations per code. */
  codes: Partial<Record<AuditCode, number>>;
  /** Quotes per status (citations without a quote are not counted). */
  quotes: Partial<Record<AuditQuoteStatus, number>>;
}

export interface AuditReport {
  format: AnswerFormat;
  /** The provider schema the answer was read by, with its version. */
  schema: string;
  /** Every citation verified (and at least one citation). */
  ok: boolean;
  /** The answer's text as its shape gives it. */
  answer_text: string;
  citations: AuditedCitation[];
  summary: AuditSummary;
  /** The answer's sentences, each judged against the passages its citations point at. */
  claims: AuditedClaim[];
  claim_summary: ClaimSummary;
}
