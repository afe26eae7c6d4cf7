import type { Migration } from '../../migration.js';

/**
 * A section's paths stored once (issue 26, defect 1): every chunk row held
 * its whole heading path, so stored bytes grew with the headings above it
 * times the chunks under them. A `sections` row keeps one section's own
 * parts (see `SectionRecord`: its title, slug or legible id, eCFR link),
 * and a chunk's `heading_path` is `[]` where it is its section's, rebuilt
 * on read. Each version has a top row (`sect_path` ''): its format, an eCFR
 * export's chapter, a notebook's cells. Search, export and the HTTP API read
 * legible section ids from here instead of each version's model and text.
 * The rows of versions stored before are derived from their models above
 * the store (`fillSections`; readers derive a missing version's on first
 * read), since the store imports no parser.
 */
export const sections: Migration = {
  version: 6,
  name: 'sections',
  sql: `
CREATE TABLE sections (
  version_id INTEGER NOT NULL REFERENCES document_versions (id),
  sect_path TEXT NOT NULL,
  title TEXT NOT NULL,
  heading_path TEXT,
  section_key TEXT,
  slug TEXT,
  label TEXT,
  url TEXT,
  format TEXT,
  cells TEXT,
  PRIMARY KEY (version_id, sect_path)
);
`,
};
