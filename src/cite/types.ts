import type { RedirectHop } from '../pipeline/resolve-chunk.js';
import type { TraceRetention } from '../store/trace-store.js';
import type { CitationListOptions } from './check-citation-list.js';
import type {
  CitationStatus,
  CitationStatusReason,
  StaleIndexWarning,
  StoreVerdict,
} from './citation-status.js';
import type { CitationIssue, CiteIssue } from './cite-issue.js';

/**
 * The options and results of cairn's four citation checks: `validateCitations`
 * and `validateAnswer` apply the payload rules alone (synchronous, never
 * throw); `verifyCitations` and `verifyAnswer` apply them and check each
 * citation against a store.
 */

export interface CitationValidationOptions extends CitationListOptions {
  /** The current rev per document (doc_id, else the chunk ID's doc_uid): the revision lock's reference. */
  revs?: Readonly<Record<string, string>>;
}

export type CitationValidationResult = { ok: true } | { ok: false; issues: CitationIssue[] };

/** How a cited snippet ID is looked up in the store. */
export interface CitationLookupOptions {
  /** Resolve among this chunker's chunks (an id, name or alias); by default the chunker that has the ID. */
  chunker?: string;
  /** When several chunkers have an ID: this one (default: the registry's default chunker). */
  prefer_chunker?: string;
  /** How the caller names a chunker, for the error when several have an ID (default `--chunker`). */
  chunker_hint?: string;
}

export interface VerifyCitationsOptions extends CitationValidationOptions, CitationLookupOptions {}

/** The payload rules' result, and the store's verdict on each citation in order (none when the input is not a list). */
export type CitationVerificationResult = CitationValidationResult & {
  citations: StoreVerdict[];
};

export interface CitationVerdict {
  segment: number;
  /** Index within the segment's citations. */
  index: number;
  /** JSON Pointer of the citation in the answer. */
  path: string;
  snippet_id: string | null;
  status: CitationStatus;
  /** Why the status is not `verified`; null when it is. */
  reason: CitationStatusReason | null;
  /** What the store check found, for messages; null without a store or when all held. */
  detail: string | null;
  /** The live chunk ID the snippet resolves to (itself when verified); null otherwise. */
  resolved_snippet_id: string | null;
  /** Redirects followed from `snippet_id` to `resolved_snippet_id`. */
  hops: RedirectHop[];
  /** What the store check found that holds but deserves a look (`stale_index`); none without a store. */
  warnings: StaleIndexWarning[];
}

export interface AnswerValidationOptions extends CitationListOptions {
  /** The current rev per document: the revision lock's reference across all segments. */
  revs?: Readonly<Record<string, string>>;
}

export type AnswerValidationResult =
  | { ok: true; segments: number; citations: CitationVerdict[] }
  | { ok: false; issues: CiteIssue[]; segments: number; citations: CitationVerdict[] };

export interface VerifyAnswerOptions extends AnswerValidationOptions, CitationLookupOptions {}

/** The answer's ΔS and λ, where it carries valid ones: its traces record them. */
export interface AnswerMeasures {
  deltaS?: number;
  lambda?: string;
}

/** One segment's citation list as the answer gave it, and the store's verdict on each. */
export interface SegmentCheck {
  segment: number;
  citations: readonly unknown[];
  verdicts: StoreVerdict[];
}

/**
 * The validation result with each citation's store verdict, and what a
 * trace of the answer records (`traceAnswer`): every segment that has a
 * citation list, checked, and the answer's measures.
 */
export type AnswerVerificationResult = AnswerValidationResult & {
  checked_segments: SegmentCheck[];
  measured: AnswerMeasures;
};

export interface TraceAnswerOptions {
  /** The query id every segment's trace carries, with its `seg` (default: a random `a-` id). */
  qid?: string;
  /**
   * Where the trace lines go: a file path, or false for none. Default, as
   * search: `traces.log` beside the store's database file; none without one.
   */
  trace_log?: string | false;
  /** False: write no trace (`trace_qids` empty), as a server without tracing answers. Default true. */
  trace?: boolean;
  /** Trace rows to keep once these are written (default: the newest 10,000); false keeps every row. */
  trace_retention?: TraceRetention | false;
}

export interface AnswerTrace {
  /** The answer's query id (`options.qid`, or the random one drawn). */
  qid: string;
  /** The `rag_traces` qids written: `[qid]` (one row per checked segment, `seg` 1, 2, ...), or none on a read-only store. */
  trace_qids: string[];
}
