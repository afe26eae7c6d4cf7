import type { Migration } from '../../migration.js';

/**
 * A chunk's vector beside its pointer, with the columns search filters and
 * orders on, as SQLite's migration 8 does: the exact scan reads one table of
 * small rows and never the chunks' text rows. The rows are written with
 * their set's completion mark in one transaction and cascade from their
 * chunk. pgvector is installed where the role may (its `<=>` then scores the
 * `real[]` column in C); where it may not, the block does nothing and the
 * scan scores in SQL.
 */
export const vectorScan: Migration = {
  version: 9,
  name: 'vector-scan',
  sql: `
CREATE TABLE chunk_vectors_scan (
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
);

INSERT INTO chunk_vectors_scan (chunk_row_id, embed_model, text_hash, chunker_id, document_id, version_id, section_id, chunk_id, vector)
SELECT cv.chunk_row_id, cv.embed_model, cv.text_hash, c.chunker_id, c.document_id, c.version_id, c.section_id, c.chunk_id, e.vector
FROM chunk_vectors cv JOIN chunks c ON c.id = cv.chunk_row_id
JOIN embeddings e ON e.embed_model = cv.embed_model AND e.text_hash = cv.text_hash;

DROP TABLE chunk_vectors;
ALTER TABLE chunk_vectors_scan RENAME TO chunk_vectors;
ALTER INDEX chunk_vectors_scan_pkey RENAME TO chunk_vectors_pkey;
CREATE INDEX chunk_vectors_text ON chunk_vectors (embed_model, text_hash);
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS vector; EXCEPTION WHEN OTHERS THEN NULL; END $$
`,
};
