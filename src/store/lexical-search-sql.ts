import type { Dialect } from './sql-driver.js';
import type { LexicalQuery } from './types.js';

/** Terms one query sends at most; the rest of a very long query is ignored. */
export const MAX_QUERY_TERMS = 64;

const CHUNK_SELECT =
  'c.id, c.document_id, c.version_id, c.chunker_id, c.chunk_id, c.seq, c.json_pointer, c.chunk_index, ' +
  'c.total_chunks, c.text, c.char_start, c.char_end, c.byte_start, c.byte_end, c.tokens, c.section_id, ' +
  'c.heading_path, c.page, c.block_type, c.anchor, c.hash, c.created_at, c.updated_at, ' +
  'd.doc_uid AS doc_uid, d.source_url AS source_url, v.rev AS rev';

const CURRENT_JOINS =
  'JOIN documents d ON d.id = c.document_id AND d.current_version_id = c.version_id ' +
  'JOIN document_versions v ON v.id = c.version_id';

/**
 * An FTS5 MATCH expression that is only string literals OR-ed: each term
 * double-quoted with its quotes doubled, so `NEAR(`, `"`, `-` or `:` in a
 * user's words are text, never FTS5 syntax.
 */
export function toFts5Match(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}

/**
 * The statement and its parameters for one lexical query. Terms travel as
 * bound parameters (PostgreSQL: one `plainto_tsquery` each, OR-ed) or as
 * quoted FTS5 strings; the order is score, then section and chunk ID in
 * binary order, so equal scores come back the same way on every run.
 */
export function lexicalSearchSql(
  dialect: Dialect,
  query: LexicalQuery,
): { sql: string; params: unknown[] } {
  const terms = query.terms.slice(0, MAX_QUERY_TERMS);
  const filters: string[] = ['c.chunker_id = ?'];
  const filterParams: unknown[] = [query.chunker_id];
  if (query.document_id !== undefined) {
    filters.push('c.document_id = ?');
    filterParams.push(query.document_id);
  }
  if (query.section !== undefined) {
    filters.push('(c.section_id = ? OR substr(c.section_id, 1, length(?) + 1) = ?)');
    filterParams.push(query.section, query.section, `${query.section}.`);
  }
  if (dialect.name === 'sqlite') {
    return {
      sql:
        `SELECT ${CHUNK_SELECT}, -bm25(chunks_fts) AS score_raw FROM chunks_fts ` +
        `JOIN chunks c ON c.id = chunks_fts.rowid ${CURRENT_JOINS} ` +
        `WHERE chunks_fts MATCH ? AND ${filters.join(' AND ')} ` +
        "ORDER BY score_raw DESC, COALESCE(c.section_id, ''), c.chunk_id LIMIT ?",
      params: [toFts5Match(terms), ...filterParams, query.limit],
    };
  }
  // PostgreSQL's own rankers (ts_rank, ts_rank_cd) weigh every term alike: no
  // inverse document frequency, so "the chapter" ranks like "borrow checker"
  // (SQuAD hit@1 0.41 against FTS5's 0.80). Each term's weight is BM25's idf,
  // from its document frequency among the chunker's chunks (GIN index counts),
  // times ts_rank with length normalization (flag 1).
  // The tsquery is written out in the WHERE clause, not shared through the CTE,
  // so the planner sees it where the GIN index can use it.
  const tsquery = `(${terms.map(() => "plainto_tsquery('english', ?)").join(' || ')})`;
  const values = terms.map(() => "(plainto_tsquery('english', ?))").join(', ');
  return {
    sql:
      `WITH q(t) AS (VALUES ${values}), ` +
      'n AS MATERIALIZED (SELECT count(*)::float8 AS n FROM chunks WHERE chunker_id = ?), ' +
      'w AS MATERIALIZED (SELECT q.t, (SELECT count(*) FROM chunks x WHERE x.tsv @@ q.t AND x.chunker_id = ?)::float8 AS df FROM q) ' +
      `SELECT ${CHUNK_SELECT}, ` +
      '(SELECT COALESCE(sum(ln(1 + (n.n - w.df + 0.5) / (w.df + 0.5)) * ts_rank(c.tsv, w.t, 1)), 0) FROM w, n) AS score_raw ' +
      `FROM chunks c ${CURRENT_JOINS} ` +
      `WHERE c.tsv @@ ${tsquery} AND ${filters.join(' AND ')} ` +
      `ORDER BY score_raw DESC, COALESCE(c.section_id, '') COLLATE "C", c.chunk_id COLLATE "C" LIMIT ?`,
    params: [...terms, query.chunker_id, query.chunker_id, ...terms, ...filterParams, query.limit],
  };
}
