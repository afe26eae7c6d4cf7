import {
  CHUNK_KINDS,
  CORPUS_SCHEMA_VERSION,
  CORPUS_SOURCES,
  type CorpusField,
  OPTIONAL_INTEGER_FIELDS,
  OPTIONAL_STRING_FIELDS,
  REQUIRED_CORPUS_FIELDS,
} from './corpus-contract.js';
import type { CorpusIssueBody } from './corpus-issue.js';
import { containerOfEarId, designatorDepth, splitDocId } from './ear-id-structure.js';
import { isCanonicalDocId, isCanonicalEarId } from './is-canonical-ear-id.js';
import { normalizeEarId } from './normalize-ear-id.js';

export interface CheckedCorpusDocument {
  /** Problems found on this line alone, in field order. */
  issues: CorpusIssueBody[];
  /** The doc_id to register for the duplicate and parent checks; null when absent or not a string. */
  doc_id: string | null;
  /** A canonical, well-placed parent_id whose presence in the corpus is left to check; else null. */
  parent_id: string | null;
}

const has = (object: object, field: string): boolean => Object.hasOwn(object, field);

/** A short, bounded description of a JSON value for messages. */
function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

type IdCheck = { canonical: string | null; issue: CorpusIssueBody | null };

function checkId(field: CorpusField, value: string, allowSuffix: boolean): IdCheck {
  // the common case, a canonical id, costs one regex test (the two agree: see the property tests)
  if (allowSuffix ? isCanonicalDocId(value) : isCanonicalEarId(value))
    return { canonical: value, issue: null };
  const normalized = normalizeEarId(value);
  if (!normalized.ok) {
    return {
      canonical: null,
      issue: { code: 'invalid_id', field, value, reason: normalized.code },
    };
  }
  if (!allowSuffix && normalized.suffix !== null) {
    return { canonical: null, issue: { code: 'invalid_id', field, value, reason: 'has_suffix' } };
  }
  return {
    canonical: null,
    issue: { code: 'non_canonical_id', field, value, expected: normalized.id },
  };
}

/**
 * The rules of `retrieval-corpus.v1` that one document can be checked against
 * on its own. Cross-line rules (duplicate doc_id, dangling parent_id) need the
 * returned `doc_id` and `parent_id`. Never throws: any JSON value is accepted.
 */
export function checkCorpusDocument(value: unknown): CheckedCorpusDocument {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      issues: [{ code: 'not_an_object', received: describeJsonValue(value) }],
      doc_id: null,
      parent_id: null,
    };
  }
  const doc = value as Record<string, unknown>;
  const issues: CorpusIssueBody[] = [];
  const stringField = (field: CorpusField): string | null => {
    if (!has(doc, field)) return null;
    const v = doc[field];
    if (typeof v === 'string') return v;
    issues.push({ code: 'wrong_type', field, expected: 'string', received: describeJsonValue(v) });
    return null;
  };

  for (const field of REQUIRED_CORPUS_FIELDS) {
    if (!has(doc, field)) issues.push({ code: 'missing_field', field });
  }

  const schemaVersion = stringField('schema_version');
  if (schemaVersion !== null && schemaVersion !== CORPUS_SCHEMA_VERSION) {
    issues.push({
      code: 'schema_version_mismatch',
      expected: CORPUS_SCHEMA_VERSION,
      received: schemaVersion,
    });
  }

  const docId = stringField('doc_id');
  const docIdCheck = docId === null ? null : checkId('doc_id', docId, true);
  if (docIdCheck?.issue) issues.push(docIdCheck.issue);

  const sectionId = stringField('section_id');
  const sectionIdCheck = sectionId === null ? null : checkId('section_id', sectionId, false);
  if (sectionIdCheck?.issue) issues.push(sectionIdCheck.issue);
  const canonicalSectionId = sectionIdCheck?.canonical ?? null;

  const canonicalDocId = docIdCheck?.canonical ?? null;
  if (canonicalDocId !== null && canonicalSectionId !== null) {
    if (splitDocId(canonicalDocId).section_id !== canonicalSectionId) {
      issues.push({
        code: 'doc_id_section_mismatch',
        doc_id: canonicalDocId,
        section_id: canonicalSectionId,
      });
    }
  }

  const text = stringField('text');
  if (text !== null && text.trim() === '') issues.push({ code: 'empty_field', field: 'text' });

  const chunkKind = stringField('chunk_kind');
  if (chunkKind !== null) {
    if (!(CHUNK_KINDS as readonly string[]).includes(chunkKind)) {
      issues.push({
        code: 'invalid_enum',
        field: 'chunk_kind',
        received: chunkKind,
        allowed: CHUNK_KINDS,
      });
    } else if (canonicalSectionId !== null) {
      // seed 003: a section is the CFR section root, a subsection its direct child
      const depth = designatorDepth(canonicalSectionId);
      if ((chunkKind === 'section' && depth !== 0) || (chunkKind === 'subsection' && depth !== 1)) {
        issues.push({
          code: 'chunk_kind_mismatch',
          chunk_kind: chunkKind,
          section_id: canonicalSectionId,
        });
      }
    }
  }

  const source = stringField('source');
  if (source !== null && !(CORPUS_SOURCES as readonly string[]).includes(source)) {
    issues.push({
      code: 'invalid_enum',
      field: 'source',
      received: source,
      allowed: CORPUS_SOURCES,
    });
  }

  const sourceRef = stringField('source_ref');
  if (sourceRef !== null && sourceRef.trim() === '') {
    issues.push({ code: 'empty_field', field: 'source_ref' });
  }

  for (const field of OPTIONAL_STRING_FIELDS) {
    if (field !== 'parent_id') stringField(field);
  }

  const parentId = stringField('parent_id');
  let pendingParent: string | null = null;
  if (parentId !== null) {
    const parentCheck = checkId('parent_id', parentId, true);
    if (parentCheck.issue) issues.push(parentCheck.issue);
    else if (docId !== null && parentId === docId) {
      issues.push({ code: 'self_parent_id', doc_id: docId });
    } else {
      const expected = expectedContainers(canonicalDocId, canonicalSectionId);
      if (expected !== null && !expected.includes(splitDocId(parentId).section_id)) {
        issues.push({ code: 'parent_not_container', parent_id: parentId, expected });
      } else {
        pendingParent = parentId;
      }
    }
  }

  for (const field of OPTIONAL_INTEGER_FIELDS) {
    if (has(doc, field) && !Number.isInteger(doc[field])) {
      issues.push({ code: 'not_integer', field, received: describeJsonValue(doc[field]) });
    }
  }

  return { issues, doc_id: docId, parent_id: pendingParent };
}

/**
 * The section ids a parent_id may name (itself or through one of its chunks):
 * the immediate container of section_id; for a chunk-level document also the
 * section_id it is a chunk of. Null when the ids are too broken to tell.
 */
function expectedContainers(docId: string | null, sectionId: string | null): string[] | null {
  if (sectionId === null) return null;
  const container = containerOfEarId(sectionId);
  const isChunk = docId !== null && splitDocId(docId).suffix !== null;
  const expected: string[] = [];
  if (container !== null) expected.push(container);
  if (isChunk) expected.push(sectionId);
  return expected;
}
