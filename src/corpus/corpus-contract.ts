/**
 * The `retrieval-corpus.v1` contract (seed 003): one JSON object per line of a
 * JSONL file, each a retrieval-ready text chunk with a canonical `EAR-` id.
 */
export const CORPUS_SCHEMA_VERSION = 'retrieval-corpus.v1';

export const CHUNK_KINDS = ['section', 'subsection', 'paragraph'] as const;
export type ChunkKind = (typeof CHUNK_KINDS)[number];

export const CORPUS_SOURCES = ['ecfr_snapshot', 'ecfr_api', 'other'] as const;
type CorpusSource = (typeof CORPUS_SOURCES)[number];

/** Fields every document MUST carry, in the order the exporter writes them. */
export const REQUIRED_CORPUS_FIELDS = [
  'schema_version',
  'doc_id',
  'section_id',
  'text',
  'chunk_kind',
  'source',
  'source_ref',
] as const;

export const OPTIONAL_STRING_FIELDS = ['title', 'url', 'parent_id', 'hash'] as const;
export const OPTIONAL_INTEGER_FIELDS = ['ordinal', 'tokens_estimate'] as const;

export type CorpusField =
  | (typeof REQUIRED_CORPUS_FIELDS)[number]
  | (typeof OPTIONAL_STRING_FIELDS)[number]
  | (typeof OPTIONAL_INTEGER_FIELDS)[number];

export interface RetrievalCorpusDocument {
  schema_version: typeof CORPUS_SCHEMA_VERSION;
  doc_id: string;
  section_id: string;
  text: string;
  chunk_kind: ChunkKind;
  source: CorpusSource;
  source_ref: string;
  title?: string;
  url?: string;
  parent_id?: string;
  ordinal?: number;
  tokens_estimate?: number;
  hash?: string;
}

/**
 * A document exported from a store: the contract's fields, then the cairn
 * chunk IDs whose spans hold its words, in reading order (a field v1 does not
 * name, which its consumers ignore).
 */
export interface StoredCorpusDocument extends RetrievalCorpusDocument {
  chunk_ids: string[];
}
