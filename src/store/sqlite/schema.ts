import { LEXICAL_SETS_SQL } from './chunk-set-index.js';

/**
 * The SQLite store's whole schema, made at once in an empty database. A
 * chunk belongs to one chunker's chunk set of one version; the content hash
 * is the version's, so a paragraph repeated in one document is no conflict.
 * The lexical index is one contentless FTS5 table per chunker, made when
 * its first chunk set is written (`chunk-set-index.ts`).
 *
 * Each byte is written once: a version's canonical text is kept in
 * `version_texts` only; a chunk row's `text` is null where the text is its
 * span of it, its `anchor` null where `anchor_at` and `anchor_len` name it
 * in that text, and its JSON pointer a `json_nodes` node
 * (`read-chunk-rows.ts` makes rows whole).
 */
export const SQLITE_SCHEMA: readonly string[] = [
  `CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  doc_uid TEXT NOT NULL UNIQUE,
  source_url TEXT NOT NULL,
  media_type TEXT NOT NULL,
  format TEXT NOT NULL,
  title TEXT,
  current_version_id INTEGER REFERENCES document_versions (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  removed_at TEXT
)`,
  'CREATE INDEX documents_source_url ON documents (source_url)',
  // AUTOINCREMENT: an id is never reused, so text blocks cached by version id never go stale
  `CREATE TABLE document_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  seq INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  model_version INTEGER NOT NULL,
  rev TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  length INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  model BLOB NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (document_id, content_hash, model_version),
  UNIQUE (document_id, seq)
)`,
  'CREATE INDEX document_versions_content_hash ON document_versions (content_hash)',
  // a version's canonical text, raw-deflated in blocks of code points (`version-text.ts`)
  `CREATE TABLE version_texts (
  version_id INTEGER NOT NULL REFERENCES document_versions (id),
  block INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (version_id, block)
) WITHOUT ROWID`,
  `CREATE TABLE chunk_sets (
  version_id INTEGER NOT NULL REFERENCES document_versions (id),
  chunker_id TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  digest TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (version_id, chunker_id)
)`,
  'CREATE INDEX chunk_sets_chunker ON chunk_sets (chunker_id)',
  `CREATE TABLE chunks (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  version_id INTEGER NOT NULL,
  chunker_id TEXT NOT NULL,
  chunk_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  node INTEGER NOT NULL,
  chunk_index INTEGER NOT NULL,
  total_chunks INTEGER NOT NULL,
  text TEXT,
  char_start INTEGER NOT NULL,
  char_end INTEGER NOT NULL,
  byte_start INTEGER NOT NULL,
  byte_end INTEGER NOT NULL,
  tokens INTEGER NOT NULL,
  section_id TEXT,
  heading_path TEXT NOT NULL,
  page INTEGER,
  block_type TEXT,
  anchor TEXT,
  anchor_at INTEGER,
  anchor_len INTEGER,
  hash TEXT NOT NULL,
  node_start INTEGER,
  node_end INTEGER,
  node_hash TEXT,
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id),
  UNIQUE (version_id, chunker_id, node, chunk_index),
  CHECK (char_start >= 0 AND char_start < char_end AND byte_start >= 0 AND byte_start < byte_end)
)`,
  'CREATE UNIQUE INDEX chunks_chunk_id ON chunks (chunk_id, chunker_id, version_id)',
  // a chunk set's JSON pointers as a tree of reference tokens (`json-node-rows.ts`): each key stored once
  `CREATE TABLE json_nodes (
  version_id INTEGER NOT NULL,
  chunker_id TEXT NOT NULL,
  node INTEGER NOT NULL,
  parent INTEGER,
  token TEXT NOT NULL,
  PRIMARY KEY (version_id, chunker_id, node),
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id)
) WITHOUT ROWID`,
  'CREATE INDEX chunks_node_hash ON chunks (node_hash) WHERE node_hash IS NOT NULL',
  `CREATE TABLE redirects (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  chunker_id TEXT NOT NULL,
  version_id INTEGER NOT NULL,
  from_chunk_id TEXT NOT NULL,
  to_chunk_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('moved', 'split', 'merged', 'deleted')),
  created_at TEXT NOT NULL,
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id),
  UNIQUE (from_chunk_id, chunker_id, version_id)
)`,
  'CREATE INDEX redirects_document ON redirects (document_id)',
  `CREATE TABLE seen_files (
  source_url TEXT NOT NULL,
  settings_key TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  file_hash TEXT NOT NULL,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  version_id INTEGER NOT NULL REFERENCES document_versions (id),
  seen_at_ms INTEGER NOT NULL,
  PRIMARY KEY (source_url, settings_key)
)`,
  `CREATE TABLE index_manifests (
  index_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  chunker_id TEXT NOT NULL,
  analyzer TEXT,
  embed_model TEXT,
  params TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  created_at TEXT NOT NULL
)`,
  `CREATE TABLE rag_traces (
  ts TIMESTAMP NOT NULL,
  qid TEXT NOT NULL,
  seg INTEGER NOT NULL,
  deltaS REAL NOT NULL,
  lambda_state TEXT NOT NULL,
  store TEXT,
  index_hash TEXT,
  embed_model TEXT,
  analyzer TEXT,
  section_id TEXT,
  rev TEXT,
  citations TEXT,
  scores TEXT,
  kpos TEXT,
  kfinal TEXT
)`,
  'CREATE INDEX rag_traces_qid ON rag_traces (qid)',
  // the trace retention deletes the oldest rows first
  'CREATE INDEX rag_traces_ts ON rag_traces (ts)',
  // the analyzer every lexical citation names, checked on every read
  `CREATE TABLE lexical_index (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  analyzer TEXT NOT NULL
)`,
  "INSERT INTO lexical_index (id, analyzer) VALUES (1, 'sqlite-fts5:porter:unicode61:remove_diacritics=2')",
  LEXICAL_SETS_SQL,
  // the embedding cache: one vector per embedder and exact embedded text (sha256)
  `CREATE TABLE embeddings (
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  vector BLOB NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (embed_model, text_hash)
)`,
  // a chunk set wholly embedded: search reads only sets that have one
  `CREATE TABLE vector_sets (
  version_id INTEGER NOT NULL,
  chunker_id TEXT NOT NULL,
  embed_model TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  text_context TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (version_id, chunker_id, embed_model),
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id) ON DELETE CASCADE
)`,
  // a chunk's vector beside the columns search filters and orders on: the exact scan reads this table alone
  `CREATE TABLE chunk_vectors (
  chunk_row_id INTEGER NOT NULL REFERENCES chunks (id) ON DELETE CASCADE,
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  chunker_id TEXT NOT NULL,
  document_id INTEGER NOT NULL,
  version_id INTEGER NOT NULL,
  section_id TEXT,
  chunk_id TEXT NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (chunk_row_id, embed_model),
  FOREIGN KEY (embed_model, text_hash) REFERENCES embeddings (embed_model, text_hash)
)`,
  'CREATE INDEX chunk_vectors_text ON chunk_vectors (embed_model, text_hash)',
  // one row per section of a version (see SectionRecord); chunks name theirs by sect_path
  `CREATE TABLE sections (
  version_id INTEGER NOT NULL REFERENCES document_versions (id),
  sect_path TEXT NOT NULL,
  title TEXT NOT NULL,
  heading_path TEXT,
  section_key TEXT,
  slug TEXT,
  label TEXT,
  url TEXT,
  url_shared INTEGER,
  format TEXT,
  cells TEXT,
  PRIMARY KEY (version_id, sect_path)
)`,
  // a PDF version's page geometry and source bytes, read by the page view only
  `CREATE TABLE version_layouts (
  version_id INTEGER PRIMARY KEY REFERENCES document_versions (id) ON DELETE CASCADE,
  geometry BLOB NOT NULL,
  source_type TEXT,
  source_sha256 TEXT,
  source BLOB,
  created_at TEXT NOT NULL
)`,
];
