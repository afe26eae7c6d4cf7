import {
  CURRENT_JOINS,
  headingWeightOf,
  lexicalFilters,
  MATCH_COLUMNS,
} from '../lexical-search-sql.js';
import type { LexicalQuery } from '../types.js';

/**
 * An FTS5 MATCH expression that is only string literals OR-ed: each term
 * double-quoted with its quotes doubled, so `NEAR(`, `"`, `-` or `:` in a
 * user's words are text, never FTS5 syntax.
 */
export function toFts5Match(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}

/**
 * The MATCH of one chunk set's chunks that hold any of the terms in their
 * text or heading: the set is named in the index, so FTS5 scores its rows
 * only, and no term matches a chunker's name.
 */
export function chunkSetMatch(chunkerId: string, terms: readonly string[]): string {
  const set = `chunker_id : "${chunkerId.replaceAll('"', '""')}"`;
  return `${set} AND {text heading} : (${toFts5Match(terms)})`;
}

/**
 * One lexical query over the FTS5 index: the terms travel as one quoted
 * MATCH string, which names the chunk set (its `chunker_id` column) and
 * matches the terms in the text or heading columns; the order is score
 * (`-bm25()` with the text's column weight 1, the heading's
 * `heading_weight` and the chunker column's 0), then section and chunk ID
 * in binary order, so equal scores come back the same way on every run.
 *
 * FTS5's `bm25()` adds each column's weighted hits of a term into one term
 * frequency, then applies k1 = 1.2 and b = 0.75 (fixed: it takes no other)
 * to the row's length over all columns, with one idf per term over rows
 * holding it in either column: BM25F with shared k1 and b, not BM25 per field.
 *
 * SQLite's sorter carries every selected column of every matching row, so
 * the ranking selects only the row ids and the sort keys, and the full rows
 * (text, heading path, ...) are read for the `limit` rows it keeps.
 */
export function sqliteLexicalSearchSql(query: LexicalQuery): { sql: string; params: unknown[] } {
  const { terms, where, params } = lexicalFilters(query);
  const order = "COALESCE(c.section_id, ''), c.chunk_id";
  return {
    sql:
      'WITH top AS MATERIALIZED (SELECT c.id AS id, -bm25(chunks_fts, 1.0, ?, 0.0) AS score_raw FROM chunks_fts ' +
      `JOIN chunks c ON c.id = chunks_fts.rowid ${CURRENT_JOINS} ` +
      `WHERE chunks_fts MATCH ? AND ${where} ORDER BY score_raw DESC, ${order} LIMIT ?) ` +
      `SELECT ${MATCH_COLUMNS}, top.score_raw AS score_raw FROM top JOIN chunks c ON c.id = top.id ` +
      'JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id ' +
      `ORDER BY top.score_raw DESC, ${order}`,
    params: [
      headingWeightOf(query),
      chunkSetMatch(query.chunker_id, terms),
      ...params,
      query.limit,
    ],
  };
}
