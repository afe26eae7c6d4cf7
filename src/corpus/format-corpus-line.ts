import type { RetrievalCorpusDocument, StoredCorpusDocument } from './corpus-contract.js';

/** The order fields are written in: required identity first, then structure, text, provenance, then the store's chunk IDs. */
const FIELD_ORDER: (keyof StoredCorpusDocument)[] = [
  'schema_version',
  'doc_id',
  'section_id',
  'chunk_kind',
  'parent_id',
  'ordinal',
  'title',
  'text',
  'source',
  'source_ref',
  'url',
  'tokens_estimate',
  'hash',
  'chunk_ids',
];

/**
 * One JSONL line with the fields in a fixed order, so equal documents give
 * equal bytes. U+2028 and U+2029 are escaped: JSON allows them raw, but
 * line readers that split on every Unicode line break (Python's
 * `str.splitlines`) would cut the line there.
 */
export function formatCorpusLine(doc: RetrievalCorpusDocument | StoredCorpusDocument): string {
  const fields: Partial<StoredCorpusDocument> = doc;
  const ordered: Record<string, unknown> = {};
  for (const field of FIELD_ORDER) if (fields[field] !== undefined) ordered[field] = fields[field];
  return JSON.stringify(ordered).replace(/[\u2028\u2029]/g, (c) =>
    c === '\u2028' ? '\\u2028' : '\\u2029',
  );
}

/** A whole corpus as JSONL text: one line per document, each ended by `\n`. */
export function formatCorpusJsonl(docs: readonly RetrievalCorpusDocument[]): string {
  let out = '';
  for (const doc of docs) out += `${formatCorpusLine(doc)}\n`;
  return out;
}
