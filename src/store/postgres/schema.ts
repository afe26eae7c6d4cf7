/**
 * The PostgreSQL store's whole schema, made at once in an empty schema: the
 * same tables as SQLite's (`sqlite/schema.ts`), with native types. The
 * lexical index is each chunk's weighted tsvector (`insertChunks` writes it)
 * under one GIN index, and no copy of the text.
 */
export const POSTGRES_SCHEMA: readonly string[] = [
  `CREATE TABLE documents (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_uid TEXT NOT NULL UNIQUE,
  source_url TEXT NOT NULL,
  media_type TEXT NOT NULL,
  format TEXT NOT NULL,
  title TEXT,
  current_version_id BIGINT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  removed_at TIMESTAMPTZ
)`,
  'CREATE INDEX documents_source_url ON documents (source_url)',
  `CREATE TABLE document_versions (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id BIGINT NOT NULL REFERENCES documents (id),
  seq INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  model_version INTEGER NOT NULL,
  rev TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  length INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  model BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  UNIQUE (document_id, content_hash, model_version),
  UNIQUE (document_id, seq)
)`,
  'CREATE INDEX document_versions_content_hash ON document_versions (content_hash)',
  `ALTER TABLE documents ADD CONSTRAINT documents_current_version_fk
  FOREIGN KEY (current_version_id) REFERENCES document_versions (id)`,
  // a version's canonical text, raw-deflated in blocks of code points (`version-text.ts`)
  `CREATE TABLE version_texts (
  version_id BIGINT NOT NULL REFERENCES document_versions (id),
  block INTEGER NOT NULL,
  data BYTEA NOT NULL,
  PRIMARY KEY (version_id, block)
)`,
  // deflated already: TOAST stores the blocks as they are instead of trying to compress them again
  'ALTER TABLE version_texts ALTER COLUMN data SET STORAGE EXTERNAL',
  `CREATE TABLE chunk_sets (
  version_id BIGINT NOT NULL REFERENCES document_versions (id),
  chunker_id TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  digest TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (version_id, chunker_id)
)`,
  'CREATE INDEX chunk_sets_chunker ON chunk_sets (chunker_id)',
  `CREATE TABLE chunks (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id BIGINT NOT NULL REFERENCES documents (id),
  version_id BIGINT NOT NULL,
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
  heading_path JSONB NOT NULL,
  page INTEGER,
  block_type TEXT,
  anchor TEXT,
  anchor_at INTEGER,
  anchor_len INTEGER,
  hash TEXT NOT NULL,
  node_start INTEGER,
  node_end INTEGER,
  node_hash TEXT,
  tsv tsvector,
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id),
  UNIQUE (version_id, chunker_id, node, chunk_index),
  CHECK (char_start >= 0 AND char_start < char_end AND byte_start >= 0 AND byte_start < byte_end)
)`,
  'CREATE UNIQUE INDEX chunks_chunk_id ON chunks (chunk_id, chunker_id, version_id)',
  `CREATE TABLE json_nodes (
  version_id BIGINT NOT NULL,
  chunker_id TEXT NOT NULL,
  node INTEGER NOT NULL,
  parent INTEGER,
  token TEXT NOT NULL,
  PRIMARY KEY (version_id, chunker_id, node),
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id)
)`,
  'CREATE INDEX chunks_node_hash ON chunks (node_hash) WHERE node_hash IS NOT NULL',
  'CREATE INDEX chunks_fts ON chunks USING GIN (tsv)',
  `CREATE TABLE redirects (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id BIGINT NOT NULL REFERENCES documents (id),
  chunker_id TEXT NOT NULL,
  version_id BIGINT NOT NULL,
  from_chunk_id TEXT NOT NULL,
  to_chunk_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('moved', 'split', 'merged', 'deleted')),
  created_at TIMESTAMPTZ NOT NULL,
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id),
  UNIQUE (from_chunk_id, chunker_id, version_id)
)`,
  'CREATE INDEX redirects_document ON redirects (document_id)',
  `CREATE TABLE seen_files (
  source_url TEXT NOT NULL,
  settings_key TEXT NOT NULL,
  size BIGINT NOT NULL,
  mtime_ms DOUBLE PRECISION NOT NULL,
  file_hash TEXT NOT NULL,
  document_id BIGINT NOT NULL REFERENCES documents (id),
  version_id BIGINT NOT NULL REFERENCES document_versions (id),
  seen_at_ms BIGINT NOT NULL,
  PRIMARY KEY (source_url, settings_key)
)`,
  `CREATE TABLE index_manifests (
  index_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  chunker_id TEXT NOT NULL,
  analyzer TEXT,
  embed_model TEXT,
  params JSONB NOT NULL,
  chunk_count INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
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
  citations JSONB,
  scores JSONB,
  kpos JSONB,
  kfinal JSONB
)`,
  'CREATE INDEX rag_traces_qid ON rag_traces (qid)',
  'CREATE INDEX rag_traces_ts ON rag_traces (ts)',
  `CREATE TABLE lexical_index (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  analyzer TEXT NOT NULL
)`,
  "INSERT INTO lexical_index (id, analyzer) VALUES (1, 'pg-fts:english')",
  `CREATE TABLE embeddings (
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  vector REAL[] NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (embed_model, text_hash)
)`,
  `CREATE TABLE vector_sets (
  version_id BIGINT NOT NULL,
  chunker_id TEXT NOT NULL,
  embed_model TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  text_context TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (version_id, chunker_id, embed_model),
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id) ON DELETE CASCADE
)`,
  `CREATE TABLE chunk_vectors (
  chunk_row_id BIGINT NOT NULL REFERENCES chunks (id) ON DELETE CASCADE,
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  chunker_id TEXT NOT NULL,
  document_id BIGINT NOT NULL,
  version_id BIGINT NOT NULL,
  section_id TEXT,
  chunk_id TEXT NOT NULL,
  vector REAL[] NOT NULL,
  PRIMARY KEY (chunk_row_id, embed_model),
  FOREIGN KEY (embed_model, text_hash) REFERENCES embeddings (embed_model, text_hash)
)`,
  'CREATE INDEX chunk_vectors_text ON chunk_vectors (embed_model, text_hash)',
  // pgvector where the role may install it (its <=> then scores real[] in C); else the scan scores in SQL
  'DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS vector; EXCEPTION WHEN OTHERS THEN NULL; END $$',
  `CREATE TABLE sections (
  version_id BIGINT NOT NULL REFERENCES document_versions (id),
  sect_path TEXT NOT NULL,
  title TEXT NOT NULL,
  heading_path JSONB,
  section_key TEXT,
  slug TEXT,
  label TEXT,
  url TEXT,
  url_shared INTEGER,
  format TEXT,
  cells JSONB,
  PRIMARY KEY (version_id, sect_path)
)`,
  `CREATE TABLE version_layouts (
  version_id BIGINT PRIMARY KEY REFERENCES document_versions (id) ON DELETE CASCADE,
  geometry BYTEA NOT NULL,
  source_type TEXT,
  source_sha256 TEXT,
  source BYTEA,
  created_at TEXT NOT NULL
)`,
];
