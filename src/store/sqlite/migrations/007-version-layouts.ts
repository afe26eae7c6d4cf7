import type { Migration } from '../../migration.js';

/**
 * A PDF version's page geometry and the bytes it was read from, beside the
 * version rather than in its model: only the page view reads them, and the
 * model, which late chunking and every document view decode whole, stays as
 * small as it was. The geometry is deflated JSON (`encodeGeometry`); the
 * source is the file as ingested, so the page shown is the page the offsets
 * came from, whatever happened to the file since (nullable: a library
 * caller may store geometry without the bytes).
 */
export const versionLayouts: Migration = {
  version: 7,
  name: 'version-layouts',
  sql: `
CREATE TABLE version_layouts (
  version_id INTEGER PRIMARY KEY REFERENCES document_versions (id) ON DELETE CASCADE,
  geometry BLOB NOT NULL,
  source_type TEXT,
  source_sha256 TEXT,
  source BLOB,
  created_at TEXT NOT NULL
);
`,
};
