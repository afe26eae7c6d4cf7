import type { Migration } from '../../migration.js';

/**
 * A chunk's vector beside its pointer, with the columns search filters and
 * orders on. Exact search scans every embedded chunk: reading one table of
 * small rows (the vector, the chunker, the version, the tie-breaking keys)
 * instead of joining each chunk to its text row and, through the text hash
 * index, to the cache, is what makes the scan fast. The rows are still
 * written with their set's completion mark in one transaction and cascade
 * from their chunk, so search sees whole sets and no orphan.
 */
export const vectorScan: Migration = {
  version: 8,
  name: 'vector-scan',
  sql: `
CREATE TABLE chunk_vectors_scan (
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
);

INSERT INTO chunk_vectors_scan (chunk_row_id, embed_model, text_hash, chunker_id, document_id, version_id, section_id, chunk_id, vector)
SELECT cv.chunk_row_id, cv.embed_model, cv.text_hash, c.chunker_id, c.document_id, c.version_id, c.section_id, c.chunk_id, e.vector
FROM chunk_vectors cv JOIN chunks c ON c.id = cv.chunk_row_id
JOIN embeddings e ON e.embed_model = cv.embed_model AND e.text_hash = cv.text_hash;

DROP TABLE chunk_vectors;
ALTER TABLE chunk_vectors_scan RENAME TO chunk_vectors;
CREATE INDEX chunk_vectors_text ON chunk_vectors (embed_model, text_hash);
`,
};
