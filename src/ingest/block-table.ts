import type { Block, BlockType } from '../types.js';
import { hasKeys, isIndex, putSpan, spanAt, ValueTable } from './wire-columns.js';

/**
 * A document's blocks as columns, for a worker's answer. The structured
 * clone serializes each block and its span as objects, one property at a
 * time: for a 4 MB eCFR chapter, 31,735 blocks were 4.1 MB of the clone and
 * took longer to read back on the writer than the 8 MB canonical text.
 * Typed arrays are copied whole, and the writer builds each block with one
 * object literal.
 */
export interface BlockTable {
  /** Each block type once; `type` indexes it. */
  types: BlockType[];
  type: Uint8Array;
  /** Four per block: start, end, start_byte, end_byte. */
  spans: Int32Array;
  /** -1 for null. */
  section: Int32Array;
  page: Int32Array;
  /** -1 when the block has none. */
  depth: Int32Array;
  /** Each `lang` once; `lang` indexes it, -1 when the block has none. */
  langs: string[];
  lang: Int32Array;
}

/** The keys a block may have here, in the order the document builder sets them. */
const BASE_KEYS = ['index', 'type', 'span', 'section', 'page'];
const OPTIONAL_KEYS = ['depth', 'lang'];

/**
 * The blocks as columns, or null when some block has anything the columns
 * do not hold exactly (other keys or key orders, a value out of range):
 * those blocks travel as they are.
 */
export function packBlocks(blocks: readonly Block[]): BlockTable | null {
  const n = blocks.length;
  const types = new ValueTable<BlockType>();
  const langs = new ValueTable<string>();
  const table: BlockTable = {
    types: types.values,
    type: new Uint8Array(n),
    spans: new Int32Array(n * 4),
    section: new Int32Array(n),
    page: new Int32Array(n),
    depth: new Int32Array(n),
    langs: langs.values,
    lang: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const block = blocks[i]!;
    if (block.index !== i || !hasKeys(block, BASE_KEYS, OPTIONAL_KEYS)) return null;
    const type = types.indexOf(block.type);
    if (type > 255 || typeof block.type !== 'string') return null;
    table.type[i] = type;
    if (!putSpan(table.spans, i * 4, block.span)) return null;
    const { section, page, depth, lang } = block;
    if (!(section === null || isIndex(section)) || !(page === null || isIndex(page))) return null;
    if ('depth' in block && !isIndex(depth)) return null;
    table.section[i] = section ?? -1;
    table.page[i] = page ?? -1;
    table.depth[i] = depth ?? -1;
    if ('lang' in block) {
      if (typeof lang !== 'string') return null;
      table.lang[i] = langs.indexOf(lang);
    } else {
      table.lang[i] = -1;
    }
  }
  return table;
}

/** The blocks `packBlocks` took apart, equal to them key for key, in the same key order. */
export function unpackBlocks(table: BlockTable): Block[] {
  const { types, type, spans, section, page, depth, langs, lang } = table;
  const blocks = new Array<Block>(type.length);
  for (let i = 0; i < type.length; i++) {
    const s = section[i]!;
    const p = page[i]!;
    const block: Block = {
      index: i,
      type: types[type[i]!]!,
      span: spanAt(spans, i * 4),
      section: s < 0 ? null : s,
      page: p < 0 ? null : p,
    };
    if (depth[i]! >= 0) block.depth = depth[i]!;
    if (lang[i]! >= 0) block.lang = langs[lang[i]!]!;
    blocks[i] = block;
  }
  return blocks;
}
