import type { Migration } from '../../migration.js';

/**
 * Vectors beside the chunks. `embeddings` is the cache: one vector per
 * embedder and exact embedded text (sha256), whatever chunk or version it
 * came from. `chunk_vectors` points a chunk at its text's vector, and a
 * `vector_sets` row, written in the same transaction, says a chunk set is
 * wholly embedded: search reads only sets that have one. Both cascade from
 * the chunks and chunk sets they describe, so no vector outlives its chunk.
 */
export const vectors: Migration = {
  version: 5,
  name: 'vectors',
  sql: `
CREATE TABLE embeddings (
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  vector BLOB NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (embed_model, text_hash)
);

CREATE TABLE vector_sets (
  version_id INTEGER NOT NULL,
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
  chunk_row_id INTEGER NOT NULL REFERENCES chunks (id) ON DELETE CASCADE,
  embed_model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  PRIMARY KEY (chunk_row_id, embed_model),
  FOREIGN KEY (embed_model, text_hash) REFERENCES embeddings (embed_model, text_hash)
);
CREATE INDEX chunk_vectors_text ON chunk_vectors (embed_model, text_hash);
`,
};
