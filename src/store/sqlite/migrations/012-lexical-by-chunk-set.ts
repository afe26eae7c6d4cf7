import type { Migration } from '../../migration.js';

/**
 * The FTS5 index also holds each chunk's `chunker_id`, so that a search
 * names its chunk set inside the MATCH. Filtered after the match, a search
 * of one chunk set scored every matching row of every other set: adding a
 * 29,000-chunk eCFR set beside the 863 chunks of SQuAD made SQuAD searches
 * twelve times slower. The column's weight in `bm25()` is zero, and the
 * query's words are matched in `text` alone.
 */
export const lexicalByChunkSet: Migration = {
  version: 12,
  name: 'lexical-by-chunk-set',
  sql: `
DROP TABLE chunks_fts;
CREATE VIRTUAL TABLE chunks_fts USING fts5 (
  text,
  chunker_id,
  content = 'chunks',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
INSERT INTO chunks_fts (chunks_fts) VALUES ('rebuild');
`,
};
