import type { Migration } from '../../migration.js';

/** SQLite's migration 006 (see there): each section's own parts stored once, with each version's top row. */
export const sections: Migration = {
  version: 7,
  name: 'sections',
  sql: `
CREATE TABLE sections (
  version_id BIGINT NOT NULL REFERENCES document_versions (id),
  sect_path TEXT NOT NULL,
  title TEXT NOT NULL,
  heading_path JSONB,
  section_key TEXT,
  slug TEXT,
  label TEXT,
  url TEXT,
  format TEXT,
  cells JSONB,
  PRIMARY KEY (version_id, sect_path)
);
`,
};
