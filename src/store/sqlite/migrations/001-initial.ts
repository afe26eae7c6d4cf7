import type { Migration } from '../../migration.js';

/**
 * The first schema (DESIGN.md section 5; seed 004 for chunks, 001 for
 * rag_traces). A chunk belongs to one chunker's chunk set of one version;
 * the content hash is the version's, so a paragraph repeated in one
 * document is no conflict.
 */
export const initial: Migration = {
  version: 1,
  name: 'initial',
  sql: `
CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  doc_uid TEXT NOT NULL UNIQUE,
  source_url TEXT NOT NULL,
  media_type TEXT NOT NULL,
  format TEXT NOT NULL,
  title TEXT,
  current_version_id INTEGER REFERENCES document_versions (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX documents_source_url ON documents (source_url);

CREATE TABLE document_versions (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  seq INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  rev TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  canonical TEXT NOT NULL,
  length INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  model BLOB NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (document_id, content_hash),
  UNIQUE (document_id, seq)
);
CREATE INDEX document_versions_content_hash ON document_versions (content_hash);

CREATE TABLE chunk_sets (
  version_id INTEGER NOT NULL REFERENCES document_versions (id),
  chunker_id TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  digest TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (version_id, chunker_id)
);
CREATE INDEX chunk_sets_chunker ON chunk_sets (chunker_id);

CREATE TABLE chunks (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  version_id INTEGER NOT NULL,
  chunker_id TEXT NOT NULL,
  chunk_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  json_pointer TEXT NOT NULL,
  chunk_index INTEGER NOT NULL,
  total_chunks INTEGER NOT NULL,
  text TEXT NOT NULL,
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
  hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id),
  UNIQUE (version_id, chunker_id, json_pointer, chunk_index),
  CHECK (char_start >= 0 AND char_start < char_end AND byte_start >= 0 AND byte_start < byte_end)
);
CREATE UNIQUE INDEX chunks_chunk_id ON chunks (chunk_id, chunker_id, version_id);
CREATE INDEX chunks_document_pointer ON chunks (document_id, json_pointer);

CREATE TABLE redirects (
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
);
CREATE INDEX redirects_document ON redirects (document_id);

CREATE TABLE seen_files (
  source_url TEXT NOT NULL,
  settings_key TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  file_hash TEXT NOT NULL,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  version_id INTEGER NOT NULL REFERENCES document_versions (id),
  seen_at_ms INTEGER NOT NULL,
  PRIMARY KEY (source_url, settings_key)
);

CREATE TABLE index_manifests (
  index_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  chunker_id TEXT NOT NULL,
  analyzer TEXT,
  embed_model TEXT,
  params TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE rag_traces (
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
);
CREATE INDEX rag_traces_qid ON rag_traces (qid);
`,
};
