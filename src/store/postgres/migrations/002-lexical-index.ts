import type { Migration } from '../../migration.js';

/**
 * The lexical index: a GIN index over the `english` text-search
 * vector of `chunks.text`. An expression index rather than a stored column:
 * PostgreSQL keeps it in step with every chunk insert in the inserting
 * transaction, and the table's columns stay those of SQLite's. Building
 * the index indexes the chunks already stored. `lexical_index` records the
 * analyzer, which every citation names and every read checks.
 */
export const lexicalIndex: Migration = {
  version: 2,
  name: 'lexical_index',
  sql: `
CREATE INDEX chunks_fts ON chunks USING GIN (to_tsvector('english', text));

CREATE TABLE lexical_index (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  analyzer TEXT NOT NULL
);
INSERT INTO lexical_index (id, analyzer) VALUES (1, 'pg-fts:english');
`,
};
