import type { Migration } from '../../migration.js';

/**
 * A version is its canonical text made by one model version of its parser
 * (`MODEL_VERSIONS`), as SQLite's migration 11 makes it: the same text
 * parsed anew into other blocks is a new version, aligned with the old one.
 * Versions stored before count as model version 1.
 */
export const modelVersion: Migration = {
  version: 12,
  name: 'model-version',
  sql: `
ALTER TABLE document_versions ADD COLUMN model_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE document_versions DROP CONSTRAINT document_versions_document_id_content_hash_key;
ALTER TABLE document_versions ADD CONSTRAINT document_versions_document_id_content_hash_model_version_key UNIQUE (document_id, content_hash, model_version);
`,
};
