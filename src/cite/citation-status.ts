import type { RedirectHop } from '../pipeline/resolve-chunk.js';

/**
 * What is known of one cited snippet. Without a store every citation is
 * `unverified`; the store-backed check (`verifyCitations`) sets `verified`
 * (the snippet is live, its offsets hold the stored text, its quote is
 * there, its rev is current), `redirected` (it names an old chunk whose
 * text the live chunk still holds), or keeps `unverified` with the reason
 * that failed.
 */
export type CitationStatus = 'verified' | 'redirected' | 'unverified';

export type CitationStatusReason =
  /** No store was given: nothing beyond the payload's own rules was checked. */
  | 'not_checked_against_store'
  /** The citation broke a payload rule (see the issues at its segment and index). */
  | 'invalid_citation'
  /** The store never had the snippet_id (or it is not a chunk ID at all: truncated, invented). */
  | 'snippet_not_found'
  /** A redirect says the cited chunk's text is gone from the document. */
  | 'snippet_deleted'
  /** The offsets do not hold the chunk's stored text in its version's canonical text. */
  | 'offsets_mismatch'
  /** The quote is not in the cited chunk's text (exactly, normalized, or elided). */
  | 'quote_not_found'
  /** The quote has under `MIN_QUOTE_WORDS` words: too few to prove the chunk says it. */
  | 'quote_too_short'
  /** The citation names a revision whose text the live document no longer holds there. */
  | 'rev_not_current'
  /** doc_id or source_url names another document than the one holding the chunk. */
  | 'document_mismatch'
  /** section_id is not the chunk's section. */
  | 'section_mismatch'
  | IndexMismatchReason;

/**
 * The index a citation names is not the one that holds its chunk (seed 001
 * rules 4 and 6, checked against the store's index manifests): an
 * `index_hash` the store never recorded (or recorded for another chunker),
 * an `analyzer` or `embed_model` other than that index's.
 */
export type IndexMismatchReason =
  | 'mismatch_index_hash'
  | 'analyzer_mismatch'
  | 'embed_model_mismatch';

/**
 * A citation whose `index_hash` is one the store recorded before the live
 * one: its text may still verify, but the ranking it came from is gone.
 */
export interface StaleIndexWarning {
  code: 'stale_index';
  index_hash: string;
  /** When the store first recorded that index (its manifest's `created_at`). */
  created_at: string;
  live_index_hash: string;
  detail: string;
}

/** The store's verdict on one citation. */
export interface StoreVerdict {
  status: CitationStatus;
  /** Why the status is not `verified`; null when it is. */
  reason: CitationStatusReason | null;
  /** What failed, for messages; null when nothing did. */
  detail: string | null;
  /** The live chunk ID the citation resolves to; null when none. */
  resolved_snippet_id: string | null;
  /** Redirects followed from the cited ID to the live one. */
  hops: RedirectHop[];
  /** The rev of the version the citation was checked against; null when the snippet was not found. */
  checked_rev: string | null;
  /** With an `IndexMismatchReason`: the field, the store's value and the citation's. */
  index_mismatch?: {
    field: 'index_hash' | 'analyzer' | 'embed_model';
    expected: string;
    received: string;
  };
  /** What holds but deserves a look: `stale_index`. Never makes a citation unverified. */
  warnings: StaleIndexWarning[];
}
