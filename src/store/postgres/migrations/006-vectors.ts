import type { Migration } from '../../migration.js';

/**
 * Vectors beside the chunks, as `real[]` scored exactly in SQL (pgvector is
 * not used). The tables mean what SQLite's do: `embeddings` the cache by
 * embedder and sha256 of the embedded text, `chunk_vectors` a chunk's
 * pointer into it, `vector_sets` the mark that a chunk set is wholly
 * embedded, written with its pointers in one transaction.
 */
export const vectors: Migration = {
  version: 6,
  name: 'vectors',
  sql: `
CREATE TABLE embeddings (
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  vector REAL[] NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (embed_model, text_hash)
);

CREATE TABLE vector_sets (
  version_id BIGINT NOT NULL,
  chunker_id TEXT NOT NULL,
  embed_model TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  text_context TEXT NOT NULL,
  chunk_count INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (version_id, chunker_id, embed_model),
  FOREIGN KEY (version_id, chunker_id) REFERENCES chunk_sets (version_id, chunker_id) ON DELETE CASCADE
);

CREATE TABLE chunk_vectors (
  chunk_row_id BIGINT NOT NULL REFERENCES chunks (id) ON DELETE CASCADE,
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  PRIMARY KEY (chunk_row_id, embed_model),
  FOREIGN KEY (embed_model, text_hash) REFERENCES embeddings (embed_model, text_hash)
);
CREATE INDEX chunk_vectors_text ON chunk_vectors (embed_model, text_hash);
`,
};
