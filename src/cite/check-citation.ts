import { isCairnError } from '../errors.js';
import { parseChunkId } from '../ids/parse-chunk-id.js';
import { checkOffsets } from './check-offsets.js';
import {
  ANSWER_CITATION_FIELDS,
  type CitationField,
  OPTIONAL_INTEGER_FIELDS,
  OPTIONAL_NUMBER_FIELDS,
  QUOTE_FIELD,
  REQUIRED_CITATION_FIELDS,
  type RequiredCitationField,
  STRING_CITATION_FIELDS,
} from './citation-contract.js';
import { type CitationIssueBody, describeValue } from './cite-issue.js';

export type CitationProfile = 'payload' | 'answer';

export interface CheckCitationOptions {
  /** `payload` (default): the ten required fields and a score. `answer`: the prompt contract's five. */
  profile?: CitationProfile;
  /** `chunk_id` (default): snippet_id must be a canonical cairn chunk ID. `any`: any non-empty string. */
  snippet_ids?: 'chunk_id' | 'any';
  /** The live index hash the pipeline logged (seed rule 6). */
  index_hash?: string;
  /** The read path's analyzer (seed rule 4). */
  analyzer?: string;
  /** Canonical text length in code points per document (doc_id, else the chunk ID's doc_uid). */
  text_lengths?: Readonly<Record<string, number>>;
  /** Require k_pos on every citation (seed rule 8, trace completeness). */
  require_k_pos?: boolean;
}

/** What the cross-citation rules need from one citation. */
export interface CheckedCitation {
  issues: CitationIssueBody[];
  snippet_id: string | null;
  section_id: string | null;
  /** doc_id, else the doc_uid of a well-formed snippet_id; null when neither. */
  doc: string | null;
  rev: string | null;
  score_norm: number | null;
  rerank_score: number | null;
}

const own = (object: object, key: string): unknown =>
  Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNonNegativeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const nonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0;

/** The checks of one citation alone, in field order. Never throws. */
export function checkCitation(value: unknown, options: CheckCitationOptions = {}): CheckedCitation {
  const issues: CitationIssueBody[] = [];
  const checked: CheckedCitation = {
    issues,
    snippet_id: null,
    section_id: null,
    doc: null,
    rev: null,
    score_norm: null,
    rerank_score: null,
  };
  if (!isObject(value)) {
    issues.push({ code: 'not_an_object', received: describeValue(value) });
    return checked;
  }
  const profile = options.profile ?? 'payload';
  const required: ReadonlySet<string> = new Set<string>(
    profile === 'payload' ? REQUIRED_CITATION_FIELDS : ANSWER_CITATION_FIELDS,
  );
  const field = (name: string): unknown => {
    const v = own(value, name);
    // adapters write null for what the store did not carry: the same as absent
    return v === null ? undefined : v;
  };

  for (const name of REQUIRED_CITATION_FIELDS) {
    const v = field(name);
    if (v === undefined) {
      if (required.has(name)) issues.push(missing(name));
      continue;
    }
    if (isStringField(name)) {
      if (!nonEmptyString(v)) {
        issues.push({
          code: 'wrong_type',
          field: name,
          expected: 'a non-empty string',
          received: describeValue(v),
        });
        continue;
      }
      checkString(name, v, options, checked);
    } else if (name === 'offsets') {
      const bad = checkOffsets(v, lengthOf(value, options));
      if (bad) issues.push(bad);
    } else if (name === 'tokens' && !isNonNegativeInteger(v)) {
      issues.push(notNonNegativeInteger(name, v));
    }
  }

  for (const name of OPTIONAL_INTEGER_FIELDS) {
    const v = field(name);
    if (v !== undefined && !isNonNegativeInteger(v)) {
      issues.push(notNonNegativeInteger(name, v));
    }
  }
  for (const name of OPTIONAL_NUMBER_FIELDS) {
    const v = field(name);
    if (v === undefined) continue;
    const inRange = name !== 'score_norm' || (typeof v === 'number' && v >= 0 && v <= 1);
    if (typeof v !== 'number' || !Number.isFinite(v) || !inRange) {
      issues.push({
        code: 'wrong_type',
        field: name,
        expected: name === 'score_norm' ? 'a number in [0, 1]' : 'a finite number',
        received: describeValue(v),
      });
    } else if (name === 'score_norm') checked.score_norm = v;
    else if (name === 'rerank_score') checked.rerank_score = v;
  }
  const window = field('window');
  if (
    window !== undefined &&
    !(
      isObject(window) &&
      isNonNegativeInteger(own(window, 'pre')) &&
      isNonNegativeInteger(own(window, 'post'))
    )
  ) {
    issues.push({
      code: 'wrong_type',
      field: 'window',
      expected: 'an object {pre, post} of non-negative integers',
      received: describeValue(window),
    });
  }

  const quoted = field(QUOTE_FIELD);
  if (quoted !== undefined && !(typeof quoted === 'string' && quoted.trim() !== '')) {
    issues.push({
      code: 'wrong_type',
      field: QUOTE_FIELD,
      expected: 'a non-blank string',
      received: describeValue(quoted),
    });
  }

  if (
    profile === 'payload' &&
    field('score_raw') === undefined &&
    field('score_norm') === undefined
  )
    issues.push({ code: 'missing_score' });
  if (options.require_k_pos && field('k_pos') === undefined) issues.push({ code: 'missing_k_pos' });
  return checked;
}

const isStringField = (name: string): name is (typeof STRING_CITATION_FIELDS)[number] =>
  (STRING_CITATION_FIELDS as readonly string[]).includes(name);

function missing(field: RequiredCitationField): CitationIssueBody {
  return { code: `missing_${field}`, field };
}

function checkString(
  name: (typeof STRING_CITATION_FIELDS)[number],
  v: string,
  options: CheckCitationOptions,
  checked: CheckedCitation,
): void {
  switch (name) {
    case 'snippet_id': {
      checked.snippet_id = v;
      if (options.snippet_ids === 'any') break;
      try {
        const parts = parseChunkId(v);
        checked.doc ??= parts.doc_uid;
      } catch (error) {
        if (!isCairnError(error, 'malformed_chunk_id')) throw error;
        const prefix = `Malformed chunk ID "${v}": `;
        const reason = error.message.startsWith(prefix)
          ? error.message.slice(prefix.length)
          : error.message;
        checked.issues.push({ code: 'malformed_snippet_id', field: name, received: v, reason });
      }
      break;
    }
    case 'doc_id':
      checked.doc = v;
      break;
    case 'section_id':
      checked.section_id = v;
      break;
    case 'rev':
      checked.rev = v;
      break;
    case 'index_hash':
      if (options.index_hash !== undefined && v !== options.index_hash) {
        checked.issues.push({
          code: 'mismatch_index_hash',
          field: name,
          expected: options.index_hash,
          received: v,
        });
      }
      break;
    case 'analyzer':
      if (options.analyzer !== undefined && v !== options.analyzer) {
        checked.issues.push({
          code: 'analyzer_mismatch',
          field: name,
          expected: options.analyzer,
          received: v,
        });
      }
      break;
    default:
      break;
  }
}

/** The document's text length when the caller gave it, keyed as `CheckCitationOptions.text_lengths` says. */
function lengthOf(citation: object, options: CheckCitationOptions): number | null {
  const lengths = options.text_lengths;
  if (!lengths) return null;
  const docId = own(citation, 'doc_id');
  let key: string | null = typeof docId === 'string' ? docId : null;
  if (key === null) {
    const snippet = own(citation, 'snippet_id');
    if (typeof snippet === 'string') {
      try {
        key = parseChunkId(snippet).doc_uid;
      } catch {
        key = null;
      }
    }
  }
  if (key === null || !Object.hasOwn(lengths, key)) return null;
  const n = lengths[key];
  return typeof n === 'number' ? n : null;
}

function notNonNegativeInteger(field: CitationField, value: unknown): CitationIssueBody {
  return {
    code: 'wrong_type',
    field,
    expected: 'a non-negative integer',
    received: describeValue(value),
  };
}
