import type { Chunk, ChunkSplitReason } from '../chunk/types.js';
import type { BlockType, Section } from '../types.js';
import { hasKeys, isIndex, putSpan, spanAt, ValueTable } from './wire-columns.js';

/**
 * A worker's chunks as columns (`packBlocks` says why): for a 4 MB eCFR
 * chapter, 14,596 chunks took about as long to read back on the writer as
 * its blocks. Strings travel once each where they repeat (block type lists,
 * split reasons) or not at all where the section holds them (`sect_path`).
 */
export interface ChunkTable {
  chunk_index: Int32Array;
  /** Null when the caller emptied every text (`Emptied`). */
  texts: string[] | null;
  /** Four per chunk (`putSpan`). */
  spans: Int32Array;
  token_count: Int32Array;
  /** Null when the caller emptied every heading path (`Emptied`). */
  heading_paths: string[][] | null;
  /** -1: null; -2: its section's `sect_path`; else an index into `sect_paths`. */
  sect_path: Int32Array;
  sect_paths: string[];
  /** -1 for null, in these four. */
  section: Int32Array;
  page: Int32Array;
  first_block: Int32Array;
  last_block: Int32Array;
  block_part: Int32Array;
  /** Each distinct list of block types once; `block_types` indexes it. */
  block_type_lists: BlockType[][];
  block_types: Int32Array;
  /** -1 when the chunk has none. */
  split_reasons: ChunkSplitReason[];
  split_reason: Int32Array;
}

/** A chunk's keys here, in the order the chunk assembler sets them. */
const KEYS = [
  'chunk_index',
  'text',
  'span',
  'token_count',
  'heading_path',
  'sect_path',
  'section',
  'page',
  'block_types',
  'first_block',
  'last_block',
  'block_part',
];
const OPTIONAL_KEYS = ['split_reason'];

/**
 * What the caller already emptied in every chunk (`packResult`'s
 * `chunk_texts`, `chunk_paths`): those columns are left out, so that the
 * table needs no pass of its own to find out.
 */
export interface Emptied {
  texts: boolean;
  heading_paths: boolean;
}

/**
 * The chunks as columns, or null when some chunk has anything the columns
 * do not hold exactly (`context`, JSON node fields, other key orders, a
 * value out of range, a text or heading path `emptied` says is empty but
 * is not): those chunks travel as they are.
 */
export function packChunks(
  chunks: readonly Chunk[],
  sections: readonly Section[],
  emptied: Emptied,
): ChunkTable | null {
  const n = chunks.length;
  const int = (): Int32Array => new Int32Array(n);
  const sectPaths = new ValueTable<string>();
  const lists = new ValueTable<string>();
  const listValues: BlockType[][] = [];
  const reasons = new ValueTable<ChunkSplitReason>();
  const table: ChunkTable = {
    chunk_index: int(),
    texts: emptied.texts ? null : [],
    spans: new Int32Array(n * 4),
    token_count: int(),
    heading_paths: emptied.heading_paths ? null : [],
    sect_path: int(),
    sect_paths: sectPaths.values,
    section: int(),
    page: int(),
    first_block: int(),
    last_block: int(),
    block_part: int(),
    block_type_lists: listValues,
    block_types: int(),
    split_reasons: reasons.values,
    split_reason: int(),
  };
  for (let i = 0; i < n; i++) {
    const chunk = chunks[i]!;
    if (!hasKeys(chunk, KEYS, OPTIONAL_KEYS)) return null;
    if (!isIndex(chunk.chunk_index) || !isIndex(chunk.token_count)) return null;
    if (!putSpan(table.spans, i * 4, chunk.span)) return null;
    table.chunk_index[i] = chunk.chunk_index;
    table.token_count[i] = chunk.token_count;
    if (typeof chunk.text !== 'string') return null;
    if (table.texts !== null) table.texts.push(chunk.text);
    else if (chunk.text !== '') return null;
    if (!isStringList(chunk.heading_path)) return null;
    if (table.heading_paths !== null) table.heading_paths.push(chunk.heading_path);
    else if (chunk.heading_path.length !== 0) return null;
    if (
      !putNullable(table.section, i, chunk.section) ||
      !putNullable(table.page, i, chunk.page) ||
      !putNullable(table.first_block, i, chunk.first_block) ||
      !putNullable(table.last_block, i, chunk.last_block) ||
      !putNullable(table.block_part, i, chunk.block_part)
    )
      return null;
    const sectPath = chunk.sect_path;
    if (sectPath === null) table.sect_path[i] = -1;
    else if (typeof sectPath !== 'string') return null;
    else if (chunk.section !== null && sections[chunk.section]?.sect_path === sectPath)
      table.sect_path[i] = -2;
    else table.sect_path[i] = sectPaths.indexOf(sectPath);
    if (!isStringList(chunk.block_types)) return null;
    const list = lists.indexOf(chunk.block_types.join('\n'));
    if (list === listValues.length) listValues.push([...chunk.block_types]);
    table.block_types[i] = list;
    if ('split_reason' in chunk) {
      if (typeof chunk.split_reason !== 'string') return null;
      table.split_reason[i] = reasons.indexOf(chunk.split_reason);
    } else {
      table.split_reason[i] = -1;
    }
  }
  return table;
}

/** The chunks `packChunks` took apart, equal to them key for key, in the same key order. */
export function unpackChunks(table: ChunkTable, sections: readonly Section[]): Chunk[] {
  const n = table.chunk_index.length;
  const orNull = (column: Int32Array, i: number): number | null =>
    column[i]! < 0 ? null : column[i]!;
  const chunks = new Array<Chunk>(n);
  for (let i = 0; i < n; i++) {
    const section = orNull(table.section, i);
    const sectPath = table.sect_path[i]!;
    const chunk: Chunk = {
      chunk_index: table.chunk_index[i]!,
      text: table.texts === null ? '' : table.texts[i]!,
      span: spanAt(table.spans, i * 4),
      token_count: table.token_count[i]!,
      heading_path: table.heading_paths === null ? [] : table.heading_paths[i]!,
      sect_path:
        sectPath === -1
          ? null
          : sectPath === -2
            ? sections[section!]!.sect_path
            : table.sect_paths[sectPath]!,
      section,
      page: orNull(table.page, i),
      block_types: [...table.block_type_lists[table.block_types[i]!]!],
      first_block: orNull(table.first_block, i),
      last_block: orNull(table.last_block, i),
      block_part: orNull(table.block_part, i),
    };
    const reason = table.split_reason[i]!;
    if (reason >= 0) chunk.split_reason = table.split_reasons[reason]!;
    chunks[i] = chunk;
  }
  return chunks;
}

/** Writes `value` at `i`, -1 for null; false when it is neither null nor an index. */
function putNullable(column: Int32Array, i: number, value: unknown): boolean {
  if (value === null) column[i] = -1;
  else if (isIndex(value)) column[i] = value;
  else return false;
  return true;
}

/** A plain array of strings, which the structured clone copies as one: no holes, no extra keys. */
function isStringList(value: unknown): value is string[] {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
  if (Object.keys(value).length !== value.length) return false;
  return value.every((item) => typeof item === 'string');
}
