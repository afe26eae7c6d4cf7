import type { Migration } from '../../migration.js';
import { forEachStoredHeadingField } from '../../stored-heading-fields.js';
import { weightedTsvectorSql } from '../lexical-search-sql.js';

/**
 * SQLite's migration 009 (see there): each chunk's heading field joins its
 * text in the lexical index, here as the tsvector's B-labelled words. The
 * vector is no longer generated from the row (the heading is not a column
 * of it): the chunk insert writes it (`insertChunks`), and the vectors
 * stored before get their heading's words here. The text's part is kept:
 * it is what `to_tsvector` gives the text, as the insert computes it.
 */
export const headingField: Migration = {
  version: 10,
  name: 'heading-field',
  sql: `
ALTER TABLE chunks ALTER COLUMN tsv DROP EXPRESSION;
`,
  async run(tx) {
    const headed = weightedTsvectorSql('c.text', 'h.heading');
    await forEachStoredHeadingField(tx, async (page) => {
      const rows = page.filter((chunk) => chunk.heading !== '');
      if (rows.length === 0) return;
      await tx.run(
        `UPDATE chunks c SET tsv = ${headed} FROM jsonb_to_recordset(?::jsonb) AS h(id BIGINT, heading TEXT) WHERE c.id = h.id`,
        [JSON.stringify(rows.map((chunk) => ({ id: chunk.id, heading: chunk.heading })))],
      );
    });
  },
};
