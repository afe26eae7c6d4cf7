import type { Migration } from '../../migration.js';

/**
 * The lexical index: an FTS5 table over `chunks.text` whose
 * content is the chunks table itself (external content, keyed by
 * `chunks.id`), so the text is stored once. The chunk writer adds the new
 * rows in the transaction that inserts them; chunks are never updated or
 * deleted. `lexical_index` records the analyzer the index was built with,
 * which every citation names and every read checks. Porter stemming over
 * unicode61, so that a question's word forms match the text's other forms.
 */
export const lexicalIndex: Migration = {
  version: 2,
  name: 'lexical_index',
  sql: `
CREATE VIRTUAL TABLE chunks_fts USING fts5 (
  text,
  content = 'chunks',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
INSERT INTO chunks_fts (chunks_fts) VALUES ('rebuild');

CREATE TABLE lexical_index (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  analyzer TEXT NOT NULL
);
INSERT INTO lexical_index (id, analyzer) VALUES (1, 'sqlite-fts5:porter:unicode61:remove_diacritics=2');
`,
};
