import { insertBatched } from '../../insert-batched.js';
import type { Migration } from '../../migration.js';
import { forEachStoredHeadingField } from '../../stored-heading-fields.js';
import { ensureChunkSetIndex, LEXICAL_SETS_SQL } from '../chunk-set-index.js';
import { SQLITE_MAX_PARAMETERS } from '../sql-limits.js';

/**
 * The one lexical index of every chunker becomes one per chunker
 * (`chunk-set-index.ts`), so that a search's cost and its terms' idf
 * depend on its own chunker's chunks only. The old index is contentless,
 * so the new ones are written from the chunks table, each chunk's heading
 * field resolved as migration 009 resolved it.
 */
export const indexPerChunker: Migration = {
  version: 12,
  name: 'index-per-chunker',
  sql: `
DROP TABLE chunks_fts;
${LEXICAL_SETS_SQL};
`,
  async run(tx) {
    const tables = new Map<string, string>();
    await forEachStoredHeadingField(tx, async (page) => {
      const rows = new Map<string, unknown[][]>();
      for (const chunk of page) {
        const list = rows.get(chunk.chunker_id);
        const row = [chunk.id, chunk.text, chunk.heading];
        if (list === undefined) rows.set(chunk.chunker_id, [row]);
        else list.push(row);
      }
      for (const [chunkerId, list] of rows) {
        let table = tables.get(chunkerId);
        if (table === undefined) {
          table = await ensureChunkSetIndex(tx, chunkerId);
          tables.set(chunkerId, table);
        }
        await insertBatched(
          tx,
          { table, columns: ['rowid', 'text', 'heading'], rows: list },
          { max_parameters: SQLITE_MAX_PARAMETERS },
        );
      }
    });
  },
};
