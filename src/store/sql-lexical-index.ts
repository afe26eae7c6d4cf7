import type { LexicalIndex } from './lexical-index.js';
import { readChunkRows } from './read-chunk-rows.js';
import type { SqlStoreContext } from './sql-context.js';
import type { SqlDriver } from './sql-driver.js';
import type { LexicalIndexState } from './types.js';

/**
 * The lexical index over the SQL driver. Every search asks for the index
 * state, and reading it costs a row per document. Where the driver can
 * tell that no other connection committed (SQLite's data_version) and this
 * store wrote no version or chunk set since, the last state read is still
 * the state: the same object comes back, unread.
 */
export function createSqlLexicalIndex(ctx: SqlStoreContext): LexicalIndex {
  const { driver } = ctx;
  /** The last index state read per chunker, and what it was read under. */
  const states = new Map<string, { key: string; state: LexicalIndexState }>();
  /** Each chunker's index, once it exists: it never moves (`lexicalIndexOf`). */
  const indexes = new Map<string, string>();
  const indexOf = async (chunkerId: string): Promise<string | null> => {
    const known = indexes.get(chunkerId);
    if (known !== undefined) return known;
    const found = await driver.dialect.sql.lexicalIndexOf(driver, chunkerId);
    if (found !== null) indexes.set(chunkerId, found);
    return found;
  };
  return {
    async getLexicalIndexState(chunkerId) {
      if (driver.others_commit_stamp === undefined) return readIndexState(driver, chunkerId);
      const key = `${driver.others_commit_stamp()}:${ctx.index_writes.value}`;
      const cached = states.get(chunkerId);
      if (cached?.key === key) return cached.state;
      const state = await readIndexState(driver, chunkerId);
      // a write that began while the state was read invalidates it
      if (key === `${driver.others_commit_stamp()}:${ctx.index_writes.value}`)
        states.set(chunkerId, { key, state });
      return state;
    },

    async searchLexical(query) {
      if (query.terms.length === 0 || query.limit <= 0) return [];
      const index = await indexOf(query.chunker_id);
      if (index === null) return [];
      const { sql, params } = driver.dialect.sql.lexicalSearchSql(query, index);
      const rows = await driver.all<Record<string, unknown>>(sql, params);
      const chunks = await readChunkRows(driver, rows);
      return rows.map((row, i) => ({
        chunk: chunks[i]!,
        doc_uid: String(row.doc_uid),
        source_url: String(row.source_url),
        rev: String(row.rev),
        score_raw: Number(row.score_raw),
      }));
    },
  };
}

/** The analyzer and the indexed chunk sets in one statement: a round trip to a server costs more than the read. */
async function readIndexState(driver: SqlDriver, chunkerId: string): Promise<LexicalIndexState> {
  const rows = await driver.all<Record<string, unknown>>(
    'SELECT (SELECT analyzer FROM lexical_index WHERE id = 1) AS analyzer, x.doc_uid, x.digest, x.chunk_count ' +
      'FROM (SELECT 1 AS one) o LEFT JOIN (SELECT d.doc_uid, s.digest, s.chunk_count FROM documents d ' +
      'JOIN chunk_sets s ON s.version_id = d.current_version_id AND s.chunker_id = ? WHERE d.removed_at IS NULL) x ON 1 = 1',
    [chunkerId],
  );
  return {
    analyzer: String(rows[0]?.analyzer ?? ''),
    sets: rows
      .filter((row) => row.doc_uid !== null)
      .map((row) => ({
        doc_uid: String(row.doc_uid),
        digest: String(row.digest),
        chunk_count: Number(row.chunk_count),
      })),
  };
}
