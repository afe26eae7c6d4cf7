import { tsRankWeights } from '../heading-field.js';
import {
  CURRENT_JOINS,
  headingWeightOf,
  lexicalFilters,
  MATCH_COLUMNS,
} from '../lexical-search-sql.js';
import type { LexicalQuery } from '../types.js';

/**
 * A chunk's text-search vector, as SQL over its text and its heading field:
 * the text's words unlabelled (D, as before the heading field), the
 * heading's labelled B. The chunk insert writes it to `chunks.tsv`
 * (`insertChunks`); migration 010 adds the B part to the vectors stored
 * before.
 */
export function weightedTsvectorSql(text: string, heading: string): string {
  return `to_tsvector('english', ${text}) || setweight(to_tsvector('english', ${heading}), 'B')`;
}

/**
 * One lexical query over the stored tsvector: the terms travel as bound
 * parameters, one `plainto_tsquery` each, OR-ed; the order is score, then
 * section and chunk ID in binary order, so equal scores come back the same
 * way on every run.
 *
 * PostgreSQL's own rankers (ts_rank, ts_rank_cd) weigh every term alike: no
 * inverse document frequency, so "the chapter" ranks like "borrow checker"
 * (SQuAD hit@1 0.41 against FTS5's 0.80). Each term's weight is BM25's idf,
 * from N, the chunker's chunks (the sum of its chunk sets' counts, which
 * `checkStore` holds equal to its rows), and the term's document frequency
 * among them, times ts_rank with length normalization (flag 1).
 *
 * The document frequencies are counted in one pass over the chunks holding
 * any term (of every version, as FTS5 counts them), read through the GIN
 * index, each term a filtered count: a count per term, and one of the
 * chunker's rows for N, would each read the table again on every query.
 *
 * The tsvector holds the text unlabelled and the heading field labelled B
 * (`tsRankWeights`: the heading's `heading_weight` against the text's 1),
 * so a term matches either and its document frequency counts chunks holding
 * it in either, as FTS5's does. `ts_rank` has no k1 or b: its length
 * normalization (flag 1: divided by 1 + log of the vector's length, heading
 * words included) is the same for both fields.
 */
export function postgresLexicalSearchSql(query: LexicalQuery): { sql: string; params: unknown[] } {
  const { terms, where, params } = lexicalFilters(query);
  const each = terms.map(() => "plainto_tsquery('english', ?)");
  // The tsquery is written out where the rows are read, not shared through a CTE,
  // so the planner sees it where the GIN index can use it.
  const any = `(${each.join(' || ')})`;
  return {
    sql:
      `WITH q(i, t) AS (VALUES ${each.map((t, i) => `(${i + 1}, ${t})`).join(', ')}), ` +
      `f AS MATERIALIZED (SELECT ARRAY[${each.map((t) => `count(*) FILTER (WHERE x.tsv @@ ${t})`).join(', ')}] AS df ` +
      `FROM chunks x WHERE x.tsv @@ ${any} AND x.chunker_id = ?), ` +
      'n AS MATERIALIZED (SELECT COALESCE(sum(s.chunk_count), 0)::float8 AS n FROM chunk_sets s WHERE s.chunker_id = ?), ' +
      'w AS MATERIALIZED (SELECT q.t, f.df[q.i]::float8 AS df FROM q, f) ' +
      `SELECT ${MATCH_COLUMNS}, ` +
      '(SELECT COALESCE(sum(ln(1 + (n.n - w.df + 0.5) / (w.df + 0.5)) * ts_rank(?::float4[], c.tsv, w.t, 1)), 0) FROM w, n) AS score_raw ' +
      `FROM chunks c ${CURRENT_JOINS} ` +
      `WHERE c.tsv @@ ${any} AND ${where} ` +
      `ORDER BY score_raw DESC, COALESCE(c.section_id, '') COLLATE "C", c.chunk_id COLLATE "C" LIMIT ?`,
    params: [
      ...terms,
      ...terms,
      ...terms,
      query.chunker_id,
      query.chunker_id,
      tsRankWeights(headingWeightOf(query)),
      ...terms,
      ...params,
      query.limit,
    ],
  };
}
