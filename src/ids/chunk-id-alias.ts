import {
  BLOCK_WIDTH,
  type ChunkIdParts,
  INSERT_MARK,
  PAGE_WIDTH,
  PART_MARK,
  PART_WIDTH,
  SECTION_WIDTH,
} from './chunk-id-parts.js';
import { formatChunkId } from './format-chunk-id.js';
import { encodeOrdinal } from './ordinal-key.js';
import { parseChunkId } from './parse-chunk-id.js';

/**
 * The seed's readable alias for logs, `#s02-04-01#p002-b007`: section,
 * page and block of an ID without doc_uid and rev (`#s-` for the root,
 * `#sp005` for a page standing in for a section; `.01` and `+5` as in the
 * ID). It is not unique across documents or lineages: the pipe form stays
 * the canonical ID. Throws `malformed_chunk_id` for a malformed ID.
 */
export function chunkIdAlias(id: string | ChunkIdParts): string {
  // Parts go through the formatter so that bad values fail as they would in an ID.
  const parts = parseChunkId(typeof id === 'string' ? id : formatChunkId(id));
  let block = encodeOrdinal(parts.block, BLOCK_WIDTH);
  if (parts.part !== 0) block += PART_MARK + encodeOrdinal(parts.part, PART_WIDTH);
  if (parts.insert !== '') block += INSERT_MARK + parts.insert;
  return `#s${aliasSection(parts.sect_path)}#p${encodeOrdinal(parts.page, PAGE_WIDTH)}-b${block}`;
}

function aliasSection(sectPath: string): string {
  if (sectPath === '') return '-';
  if (sectPath.startsWith('p')) return `p${encodeOrdinal(Number(sectPath.slice(1)), PAGE_WIDTH)}`;
  return sectPath
    .split('.')
    .map((ordinal) => encodeOrdinal(Number(ordinal), SECTION_WIDTH))
    .join('-');
}
