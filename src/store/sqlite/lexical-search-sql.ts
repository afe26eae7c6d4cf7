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

/** The MATCH of the chunks that hold any of the terms in their text or heading. */
export function textOrHeadingMatch(terms: readonly string[]): string {
  return `{text heading} : (${toFts5Match(terms)})`;
}

/**
 * One lexical query over `table`, the FTS5 index of the query's chunker
 * (`chunk-set-index.ts`): the terms travel as one quoted MATCH string over
 * the text and heading columns; the order is score (`-bm25()` with the
 * text's column weight 1 and the heading's `heading_weight`), then section
 * and chunk ID in binary order, so equal scores come back the same way on
 * every run.
 *
 * FTS5's `bm25()` adds each column's weighted hits of a term into one term
 * frequency, then applies k1 = 1.2 and b = 0.75 (fixed: it takes no other)
 * to the row's length over all columns, with one idf per term over the
 * chunker's rows holding it in either column: BM25F with shared k1 and b,
 * not BM25 per field.
 *
 * SQLite's sorter carries every selected column of every matching row, so
 * the ranking selects only the row ids and the sort keys, and the full rows
 * (text, heading path, ...) are read for the `limit` rows it keeps.
 */
export function sqliteLexicalSearchSql(
  query: LexicalQuery,
  table: string,
): { sql: string; params: unknown[] } {
  const { terms, where, params } = lexicalFilters(query);
  const order = "COALESCE(c.section_id, ''), c.chunk_id";
  return {
    sql:
      `WITH top AS MATERIALIZED (SELECT c.id AS id, -bm25(${table}, 1.0, ?) AS score_raw FROM ${table} ` +
      `JOIN chunks c ON c.id = ${table}.rowid ${CURRENT_JOINS} ` +
      `WHERE ${table} MATCH ? AND ${where} ORDER BY score_raw DESC, ${order} LIMIT ?) ` +
      `SELECT ${MATCH_COLUMNS}, top.score_raw AS score_raw FROM top JOIN chunks c ON c.id = top.id ` +
      'JOIN documents d ON d.id = c.document_id JOIN document_versions v ON v.id = c.version_id ' +
      `ORDER BY top.score_raw DESC, ${order}`,
    params: [headingWeightOf(query), textOrHeadingMatch(terms), ...params, query.limit],
  };
}
