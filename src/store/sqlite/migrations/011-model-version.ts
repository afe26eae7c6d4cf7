import type { Migration } from '../../migration.js';

/**
 * A version is its canonical text made by one model version of its parser
 * (`MODEL_VERSIONS`): the same text parsed anew into other blocks is a new
 * version, aligned with the old one. SQLite cannot drop the table's
 * UNIQUE (document_id, content_hash), so the table is copied into one with
 * the wider key (row ids kept, so every reference still holds); versions
 * stored before count as model version 1.
 */
export const modelVersion: Migration = {
  version: 11,
  name: 'model-version',
  rebuilds_tables: true,
  sql: `
CREATE TABLE document_versions_next (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  seq INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  model_version INTEGER NOT NULL DEFAULT 1,
  rev TEXT NOT NULL,
  lineage_rev TEXT NOT NULL,
  canonical TEXT NOT NULL,
  length INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  model BLOB NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (document_id, content_hash, model_version),
  UNIQUE (document_id, seq)
);

INSERT INTO document_versions_next (id, document_id, seq, content_hash, model_version, rev, lineage_rev, canonical, length, byte_length, model, created_at)
SELECT id, document_id, seq, content_hash, 1, rev, lineage_rev, canonical, length, byte_length, model, created_at FROM document_versions;

DROP TABLE document_versions;
ALTER TABLE document_versions_next RENAME TO document_versions;
CREATE INDEX document_versions_content_hash ON document_versions (content_hash);
`,
};
