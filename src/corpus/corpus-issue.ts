import { clipIssueStrings } from '../clip-issue-strings.js';
import type { CorpusField } from './corpus-contract.js';
import type { EarIdErrorCode } from './normalize-ear-id.js';

/**
 * One problem found in a corpus file, keyed on a stable snake_case code; each
 * code carries its own fields. `line` is 1-based. Messages are built in one
 * place (`describeCorpusIssue`) so that the CLI and the library agree.
 */
export type CorpusIssueBody =
  /** The line's bytes are not valid UTF-8. */
  | { code: 'invalid_utf8' }
  /** The line is longer than the validator reads (bounded memory). */
  | { code: 'line_too_long'; bytes: number; max_bytes: number }
  /** The file holds no line at all: a corpus with no document is no corpus (reported on line 1). */
  | { code: 'empty_corpus' }
  /** An empty or whitespace-only line: JSON Lines has none. */
  | { code: 'blank_line' }
  | { code: 'invalid_json'; detail: string }
  | { code: 'not_an_object'; received: string }
  | { code: 'missing_field'; field: CorpusField }
  /** A string field holding another JSON type. */
  | { code: 'wrong_type'; field: CorpusField; expected: 'string'; received: string }
  /** `ordinal` or `tokens_estimate` present but not an integer. */
  | { code: 'not_integer'; field: CorpusField; received: string }
  | { code: 'schema_version_mismatch'; expected: string; received: string }
  /** `text` or `source_ref` empty or whitespace-only. */
  | { code: 'empty_field'; field: CorpusField }
  | { code: 'invalid_enum'; field: CorpusField; received: string; allowed: readonly string[] }
  /** An id that cannot be normalized to the canonical grammar. */
  | { code: 'invalid_id'; field: CorpusField; value: string; reason: EarIdErrorCode | 'has_suffix' }
  /** An id that normalizes, but to something else (`EAR-736.2(B)`). */
  | { code: 'non_canonical_id'; field: CorpusField; value: string; expected: string }
  /** doc_id is neither section_id nor section_id + `#suffix`. */
  | { code: 'doc_id_section_mismatch'; doc_id: string; section_id: string }
  /** `section` with designators, or `subsection` not exactly one designator deep. */
  | { code: 'chunk_kind_mismatch'; chunk_kind: string; section_id: string }
  | { code: 'duplicate_doc_id'; doc_id: string; first_line: number }
  | { code: 'self_parent_id'; doc_id: string }
  /** parent_id names something other than the immediate container. */
  | { code: 'parent_not_container'; parent_id: string; expected: string[] }
  /** parent_id names no doc_id of the corpus. `parent_id` is null past the bounded number kept verbatim. */
  | { code: 'dangling_parent_id'; parent_id: string | null };

export type CorpusIssueCode = CorpusIssueBody['code'];
export type CorpusIssue = CorpusIssueBody & { line: number; message: string };

/** Every code, in the order a report lists its counts. */
export const CORPUS_ISSUE_CODES: readonly CorpusIssueCode[] = [
  'invalid_utf8',
  'line_too_long',
  'empty_corpus',
  'blank_line',
  'invalid_json',
  'not_an_object',
  'missing_field',
  'wrong_type',
  'not_integer',
  'schema_version_mismatch',
  'empty_field',
  'invalid_enum',
  'invalid_id',
  'non_canonical_id',
  'doc_id_section_mismatch',
  'chunk_kind_mismatch',
  'duplicate_doc_id',
  'self_parent_id',
  'parent_not_container',
  'dangling_parent_id',
];

const quote = (value: string): string => JSON.stringify(value);

function describeCorpusIssue(issue: CorpusIssueBody): string {
  switch (issue.code) {
    case 'invalid_utf8':
      return 'Line is not valid UTF-8';
    case 'line_too_long':
      return `Line is ${issue.bytes} bytes, over the limit of ${issue.max_bytes}`;
    case 'empty_corpus':
      return 'The file is empty: a corpus holds one document per line';
    case 'blank_line':
      return 'Blank line: every line of a JSONL corpus must hold one document';
    case 'invalid_json':
      return `Line is not valid JSON: ${issue.detail}`;
    case 'not_an_object':
      return `Expected a JSON object, received ${issue.received}`;
    case 'missing_field':
      return `Missing required field "${issue.field}"`;
    case 'wrong_type':
      return `Field "${issue.field}": expected ${issue.expected}, received ${issue.received}`;
    case 'not_integer':
      return `Field "${issue.field}": expected an integer, received ${issue.received}`;
    case 'schema_version_mismatch':
      return `schema_version: expected ${quote(issue.expected)}, received ${quote(issue.received)}`;
    case 'empty_field':
      return `Field "${issue.field}" is empty or whitespace-only`;
    case 'invalid_enum':
      return `Field "${issue.field}": expected one of ${issue.allowed.join(', ')}, received ${quote(issue.received)}`;
    case 'invalid_id':
      return issue.reason === 'has_suffix'
        ? `Field "${issue.field}": ${quote(issue.value)} carries a chunk suffix; section ids never do`
        : `Field "${issue.field}": ${quote(issue.value)} is not an EAR id (${issue.reason})`;
    case 'non_canonical_id':
      return `Field "${issue.field}": expected the canonical ${quote(issue.expected)}, received ${quote(issue.value)}`;
    case 'doc_id_section_mismatch':
      return `doc_id ${quote(issue.doc_id)} is neither section_id ${quote(issue.section_id)} nor section_id#suffix`;
    case 'chunk_kind_mismatch':
      return issue.chunk_kind === 'section'
        ? `chunk_kind "section" but section_id ${quote(issue.section_id)} is below a section`
        : `chunk_kind "subsection" but section_id ${quote(issue.section_id)} is not a direct child of a section`;
    case 'duplicate_doc_id':
      return `Duplicate doc_id ${quote(issue.doc_id)}, first on line ${issue.first_line}`;
    case 'self_parent_id':
      return `parent_id is the document's own doc_id ${quote(issue.doc_id)}`;
    case 'parent_not_container':
      return issue.expected.length === 0
        ? `parent_id ${quote(issue.parent_id)} given, but a part has no container`
        : `parent_id ${quote(issue.parent_id)} is not the immediate container: expected ${issue.expected.map(quote).join(' or ')} (or one of its chunks)`;
    case 'dangling_parent_id':
      return issue.parent_id === null
        ? 'parent_id names no doc_id in the corpus'
        : `parent_id ${quote(issue.parent_id)} names no doc_id in the corpus`;
  }
}

/**
 * The issue with its line and message. Every string it quotes from the line
 * (ids, enum values, schema_version) is clipped (`clipIssueStrings`): a
 * corpus line may hold a 64 MB id, and a report keeps up to max_issues issues.
 */
export function corpusIssue(line: number, body: CorpusIssueBody): CorpusIssue {
  const bounded = clipIssueStrings(body);
  return { ...bounded, line, message: describeCorpusIssue(bounded) };
}
