import { CairnError } from '../errors.js';
import { HEADING_WEIGHT } from './heading-field.js';
import type { LexicalQuery } from './types.js';

/** Terms one query sends at most; the rest of a very long query is ignored. */
export const MAX_QUERY_TERMS = 64;

/** A chunk's columns (as `c`) with its document's and version's, as `readChunkRows` and the match read them. */
export const MATCH_COLUMNS =
  'c.id, c.document_id, c.version_id, c.chunker_id, c.chunk_id, c.seq, c.node, c.chunk_index, ' +
  'c.total_chunks, c.text, c.char_start, c.char_end, c.byte_start, c.byte_end, c.tokens, c.section_id, ' +
  'c.heading_path, c.page, c.block_type, c.anchor, c.anchor_at, c.anchor_len, c.hash, c.node_start, c.node_end, c.node_hash, ' +
  '(SELECT s.created_at FROM chunk_sets s WHERE s.version_id = c.version_id AND s.chunker_id = c.chunker_id) AS created_at, ' +
  'd.doc_uid AS doc_uid, d.source_url AS source_url, v.rev AS rev';

/** Only chunks of current versions of documents in service match. */
export const CURRENT_JOINS =
  'JOIN documents d ON d.id = c.document_id AND d.current_version_id = c.version_id AND d.removed_at IS NULL ' +
  'JOIN document_versions v ON v.id = c.version_id';

/**
 * The filters both dialects put beside their text match, and the query's
 * terms cut to `MAX_QUERY_TERMS`. A section matches itself and its
 * subsections (a `sect_path` prefix ending at a dot).
 */
export function lexicalFilters(query: LexicalQuery): {
  terms: readonly string[];
  where: string;
  params: unknown[];
} {
  const filters: string[] = ['c.chunker_id = ?'];
  const params: unknown[] = [query.chunker_id];
  if (query.document_id !== undefined) {
    filters.push('c.document_id = ?');
    params.push(query.document_id);
  }
  if (query.section !== undefined) {
    filters.push('(c.section_id = ? OR substr(c.section_id, 1, length(?) + 1) = ?)');
    params.push(query.section, query.section, `${query.section}.`);
  }
  return { terms: query.terms.slice(0, MAX_QUERY_TERMS), where: filters.join(' AND '), params };
}

/** The query's heading weight, or the default; `invalid_option` unless it is a finite number of 0 or more. */
export function headingWeightOf(query: LexicalQuery): number {
  const weight = query.heading_weight ?? HEADING_WEIGHT;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
    throw new CairnError(
      'invalid_option',
      `heading_weight must be a finite number of 0 or more, got ${String(weight)}`,
      { details: { option: 'heading_weight' } },
    );
  }
  return weight;
}
