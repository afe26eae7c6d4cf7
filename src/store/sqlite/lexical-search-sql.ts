import { CURRENT_JOINS, lexicalFilters, MATCH_COLUMNS } from '../lexical-search-sql.js';
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
 * text: the set is named in the index, so FTS5 scores its rows only.
 */
export function chunkSetMatch(chunkerId: string, terms: readonly string[]): string {
  return `chunker_id : "${chunkerId.replaceAll('"', '""')}" AND text : (${toFts5Match(terms)})`;
}

/**
 * One lexical query over the FTS5 index: the terms travel as one quoted
 * MATCH string; the order is score (`-bm25()`, the chunker column weighing
 * nothing), then section and chunk ID in binary order, so equal scores come
 * back the same way on every run.
 */
export function sqliteLexicalSearchSql(query: LexicalQuery): { sql: string; params: unknown[] } {
  const { terms, where, params } = lexicalFilters(query);
  return {
    sql:
      `SELECT ${MATCH_COLUMNS}, -bm25(chunks_fts, 1.0, 0.0) AS score_raw FROM chunks_fts ` +
      `JOIN chunks c ON c.id = chunks_fts.rowid ${CURRENT_JOINS} ` +
      `WHERE chunks_fts MATCH ? AND ${where} ` +
      "ORDER BY score_raw DESC, COALESCE(c.section_id, ''), c.chunk_id LIMIT ?",
    params: [chunkSetMatch(query.chunker_id, terms), ...params, query.limit],
  };
}
