import { insertBatched } from '../../insert-batched.js';
import type { Migration } from '../../migration.js';
import { forEachStoredHeadingField } from '../../stored-heading-fields.js';
import { SQLITE_MAX_PARAMETERS } from '../sql-limits.js';

/**
 * The lexical index gets a second column, each chunk's heading field
 * (`headingFieldText`: its heading path, for an eCFR unit the section's
 * title line and designators), weighted apart by `bm25()` at query time.
 * The chunk's text and offsets stay as they were. The heading is not a
 * column of the chunks table (a chunk row keeps `[]` where its path is its
 * section's), so the index can no longer read its content from there: it
 * is contentless, and `contentless_delete` lets a purge forget a row by its
 * rowid. A third column holds each chunk's `chunker_id`, weighing nothing
 * in `bm25()`: a search names its chunk set inside the MATCH, so FTS5 scores
 * that set's rows only (filtered after the match, a search of SQuAD's 863
 * chunks scored every row of a 29,000-chunk eCFR set beside them too, and
 * took twelve times as long). The rows of the chunks stored before are
 * written here, their paths resolved from the sections table as reads
 * resolve them.
 */
export const headingField: Migration = {
  version: 9,
  name: 'heading-field',
  sql: `
DROP TABLE chunks_fts;
CREATE VIRTUAL TABLE chunks_fts USING fts5 (
  text,
  heading,
  chunker_id,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
`,
  async run(tx) {
    await forEachStoredHeadingField(tx, async (page) => {
      await insertBatched(
        tx,
        {
          table: 'chunks_fts',
          columns: ['rowid', 'text', 'heading', 'chunker_id'],
          rows: page.map((chunk) => [chunk.id, chunk.text, chunk.heading, chunk.chunker_id]),
        },
        { max_parameters: SQLITE_MAX_PARAMETERS },
      );
    });
  },
};
