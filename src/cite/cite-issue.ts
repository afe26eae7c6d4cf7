import { clipIssueStrings } from '../clip-issue-strings.js';
import type { CitationField, RequiredCitationField } from './citation-contract.js';
import type { CitationStatus, CitationStatusReason } from './citation-status.js';

/**
 * One problem found in a citation payload or an auditable answer, keyed on a
 * stable snake_case code; each code carries its own fields. The citation
 * codes are seed 001's return codes (empty_citations, missing_<field>,
 * bad_offsets, cross_section_reuse, missing_score, mismatch_index_hash,
 * analyzer_mismatch) plus the rules the seed states without naming a code.
 * Messages are built in one place (`describeCiteIssue`).
 */
export type CitationIssueBody =
  /** The payload is neither an array of citations nor an object with a `citations` or `hits` array. */
  | { code: 'not_a_citation_list'; expected: string; received: string }
  /** No citations at all: the model skipped the citation block. */
  | { code: 'empty_citations' }
  | { code: 'not_an_object'; received: string }
  | { code: `missing_${RequiredCitationField}`; field: RequiredCitationField }
  | {
      code: 'wrong_type';
      /** `hits`: a search result's list (`findCitationList`). */
      field: CitationField | AnswerField | 'hits';
      expected: string;
      received: string;
    }
  /** start/end not integers, not 0 <= start < end (<= the text length when known), or a unit other than char. */
  | { code: 'bad_offsets'; field: 'offsets'; expected: string; received: string }
  /** snippet_id is not a canonical cairn chunk ID (truncated, retyped, invented). */
  | { code: 'malformed_snippet_id'; field: 'snippet_id'; received: string; reason: string }
  /** A citation from another section than the segment's first citation. */
  | {
      code: 'cross_section_reuse';
      field: 'section_id';
      expected: string;
      received: string;
      first_index: number;
      /** The documents, when the two citations name sections of different ones. */
      expected_doc?: string;
      received_doc?: string;
    }
  /** Neither score_raw nor score_norm (seed rule 8, trace completeness). */
  | { code: 'missing_score' }
  /** No k_pos while trace completeness is required. */
  | { code: 'missing_k_pos' }
  | { code: 'mismatch_index_hash'; field: 'index_hash'; expected: string; received: string }
  | { code: 'analyzer_mismatch'; field: 'analyzer'; expected: string; received: string }
  /** The index a citation names embeds with another model than it says. */
  | { code: 'embed_model_mismatch'; field: 'embed_model'; expected: string; received: string }
  /** Revision lock: one document, one rev (the first cited, or the one the caller gave). */
  | {
      code: 'rev_mismatch';
      field: 'rev';
      doc: string;
      expected: string;
      received: string;
      /** The citation that set the expected rev; null when it came from the options. */
      first_index: number | null;
    }
  /** Ranked hits out of the deterministic order (score_norm desc, section_id asc, snippet_id asc). */
  | { code: 'bad_order'; previous_index: number; expected: string; received: string }
  /**
   * More citations (or answer segments) than one input may hold
   * (`max_citations`): checked no further, since every citation's issues
   * cost memory and time.
   */
  | { code: 'too_many_items'; items: 'citations' | 'segments'; count: number; limit: number }
  /** The store could not back the citation (`verifyCitations`): why, and what was found. */
  | {
      code: 'citation_unverified';
      status: CitationStatus;
      reason: CitationStatusReason;
      detail: string;
    };

export type AnswerField = 'answer' | 'text' | 'segments' | 'citations' | 'ΔS' | 'λ';

type AnswerIssueBody =
  | { code: 'not_an_answer'; expected: string; received: string }
  /** The model stopped with the prompt contract's `{error, fix}` instead of answering. */
  | { code: 'model_error'; received: string; fix: string | null }
  | { code: 'empty_segments' }
  | { code: 'missing_answer'; field: 'answer' | 'text' }
  /** Seed rule 1, cite first: the citations key comes after the answer text. */
  | { code: 'cite_after_answer'; field: 'answer' | 'text' };

/** Problems of the answer text itself, found before any rule runs. Positions are UTF-16 indices. */
type AnswerParseIssueBody =
  | { code: 'invalid_utf8' }
  | { code: 'malformed_json'; position: number; line: number; column: number; detail: string }
  | {
      code: 'duplicate_key';
      key: string;
      position: number;
      line: number;
      column: number;
      first_position: number;
    }
  | { code: 'forbidden_key'; key: string; position: number; line: number; column: number }
  | { code: 'trailing_content'; position: number; line: number; column: number; received: string };

export type CiteIssueBody = CitationIssueBody | AnswerIssueBody | AnswerParseIssueBody;
export type CiteIssueCode = CiteIssueBody['code'];

/** Where an issue is: a JSON Pointer into the input, and the segment and citation it concerns. */
export interface CiteIssueLocation {
  path: string;
  /** 0-based answer segment; null for a bare citation payload or the answer as a whole. */
  segment: number | null;
  /** 0-based citation index within its list; null when the issue is not about one citation. */
  index: number | null;
  /** The citation's snippet_id when it has a string one. */
  snippet_id: string | null;
}

export type CiteIssue = CiteIssueBody & CiteIssueLocation & { message: string };
/** Issues of `validateCitations`. */
export type CitationIssue = CitationIssueBody & CiteIssueLocation & { message: string };

const quote = (value: string): string =>
  JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

function describeCiteIssue(issue: CiteIssueBody): string {
  switch (issue.code) {
    case 'not_a_citation_list':
    case 'not_an_answer':
      return `Expected ${issue.expected}, received ${issue.received}`;
    case 'empty_citations':
      return 'No citations: cite before you explain';
    case 'too_many_items':
      return `${issue.count} ${issue.items}: more than the ${issue.limit} one input may hold (max_citations); nothing else was checked`;
    case 'not_an_object':
      return `Expected a citation object, received ${issue.received}`;
    case 'wrong_type':
      return `Field "${issue.field}": expected ${issue.expected}, received ${issue.received}`;
    case 'bad_offsets':
      return `Bad offsets: expected ${issue.expected}, received ${issue.received}`;
    case 'malformed_snippet_id':
      return `snippet_id ${quote(issue.received)} is not a chunk ID: ${issue.reason}`;
    case 'cross_section_reuse':
      return issue.expected_doc === undefined || issue.received_doc === undefined
        ? `Cross-section reuse: expected section_id ${quote(issue.expected)} (of citation ${issue.first_index}), received ${quote(issue.received)}`
        : `Cross-section reuse: expected section_id ${quote(issue.expected)} of document ${quote(issue.expected_doc)} (of citation ${issue.first_index}), received section_id ${quote(issue.received)} of document ${quote(issue.received_doc)}`;
    case 'missing_score':
      return 'Missing score: expected score_raw or score_norm';
    case 'missing_k_pos':
      return 'Missing k_pos: trace completeness needs the rank before rerank';
    case 'mismatch_index_hash':
      return `index_hash mismatch: expected the live ${quote(issue.expected)}, received ${quote(issue.received)}`;
    case 'analyzer_mismatch':
      return `Analyzer mismatch: expected the read path's ${quote(issue.expected)}, received ${quote(issue.received)}`;
    case 'embed_model_mismatch':
      return `Embedding model mismatch: the index embeds with ${quote(issue.expected)}, received ${quote(issue.received)}`;
    case 'rev_mismatch':
      return `Revision lock: expected rev ${quote(issue.expected)} for document ${quote(issue.doc)}${issue.first_index === null ? '' : ` (as citation ${issue.first_index})`}, received ${quote(issue.received)}`;
    case 'bad_order':
      return `Bad order after citation ${issue.previous_index}: expected ${issue.expected}, received ${issue.received}`;
    case 'citation_unverified':
      return `Citation not backed by the store: ${issue.reason}: ${issue.detail}`;
    case 'model_error':
      return `The model returned an error instead of an answer: ${quote(issue.received)}${issue.fix === null ? '' : ` (fix: ${quote(issue.fix)})`}`;
    case 'empty_segments':
      return 'No answer segments';
    case 'missing_answer':
      return `Missing answer text "${issue.field}"`;
    case 'cite_after_answer':
      return `Cite first: "citations" comes after "${issue.field}"`;
    case 'invalid_utf8':
      return 'The input is not valid UTF-8';
    case 'malformed_json':
      return `Malformed JSON at line ${issue.line} column ${issue.column}: ${issue.detail}`;
    case 'duplicate_key':
      return `Duplicate key ${quote(issue.key)} at line ${issue.line} column ${issue.column} (first at offset ${issue.first_position})`;
    case 'forbidden_key':
      return `Forbidden key ${quote(issue.key)} at line ${issue.line} column ${issue.column}`;
    case 'trailing_content':
      return `Trailing content after the JSON at line ${issue.line} column ${issue.column}: ${quote(issue.received)}`;
    default:
      return `Missing required field "${issue.field}"`;
  }
}

function describeLocation(at: CiteIssueLocation): string {
  const parts: string[] = [];
  if (at.segment !== null) parts.push(`segment ${at.segment}`);
  if (at.index !== null) parts.push(`citation ${at.index}`);
  if (at.snippet_id !== null) parts.push(`snippet ${quote(at.snippet_id)}`);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/**
 * The issue with its location and message. Every string it quotes from the
 * input (ids, keys, the JSON Pointer) is clipped (`clipIssueStrings`): one
 * long section_id is quoted by every later citation's cross_section_reuse.
 */
export function citeIssue<B extends CiteIssueBody>(
  body: B,
  at: CiteIssueLocation,
): B & CiteIssueLocation & { message: string } {
  const boundedBody = clipIssueStrings(body);
  const boundedAt = clipIssueStrings(at);
  const message = `${describeCiteIssue(boundedBody)}${describeLocation(boundedAt)}`;
  return Object.assign({}, boundedBody, boundedAt, { message });
}

/** A short, bounded description of a JSON value for messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `string ${quote(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** A JSON Pointer token (RFC 6901). */
export const pointerToken = (key: string | number): string =>
  `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
