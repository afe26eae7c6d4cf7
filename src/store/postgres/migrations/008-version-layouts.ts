import type { Migration } from '../../migration.js';

/** A PDF version's page geometry and source bytes, as SQLite's migration 007 keeps them. */
export const versionLayouts: Migration = {
  version: 8,
  name: 'version-layouts',
  sql: `
CREATE TABLE version_layouts (
  version_id BIGINT PRIMARY KEY REFERENCES document_versions (id) ON DELETE CASCADE,
  geometry BYTEA NOT NULL,
  source_type TEXT,
  source_sha256 TEXT,
  source BYTEA,
  created_at TEXT NOT NULL
);
`,
};
