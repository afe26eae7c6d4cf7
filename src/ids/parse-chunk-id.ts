import { CairnError } from '../errors.js';
import {
  BLOCK_WIDTH,
  type ChunkIdParts,
  INSERT_MARK,
  PAGE_WIDTH,
  PART_MARK,
  PART_WIDTH,
  SECTION_END,
  SECTION_WIDTH,
} from './chunk-id-parts.js';
import { unescapeDocUid } from './escape-doc-uid.js';
import { isFraction } from './fraction-key.js';
import { decodeOrdinal } from './ordinal-key.js';

const LAYOUT = /^\|r=([^|]*)\|s=([^|]*)\|p=([^|]*)\|b=([^|]*)$/;
const REV = /^[0-9a-f]{8,40}$/;

/**
 * Reads a chunk ID written by `formatChunkId`. Only the canonical spelling
 * is accepted, so `formatChunkId(parseChunkId(id)) === id` for every ID it
 * returns; anything else throws `malformed_chunk_id` saying which component
 * is wrong and why.
 */
export function parseChunkId(id: string): ChunkIdParts {
  if (typeof id !== 'string') throw malformed(String(id), 'id', 'a chunk ID must be a string');
  const bar = id.indexOf('|');
  if (bar < 0) {
    throw malformed(id, 'layout', 'no "|": expected <doc_uid>|r=<rev>|s=<sect>|p=<page>|b=<block>');
  }
  const layout = LAYOUT.exec(id.slice(bar));
  if (!layout) {
    throw malformed(
      id,
      'layout',
      'expected <doc_uid>|r=<rev>|s=<sect>|p=<page>|b=<block> after the doc_uid',
    );
  }
  const [, rev, sect, page, block] = layout as unknown as [string, string, string, string, string];
  let docUid: string;
  try {
    docUid = unescapeDocUid(id.slice(0, bar));
  } catch (error) {
    if (error instanceof CairnError) throw malformed(id, 'doc_uid', error.message, error);
    throw error;
  }
  if (!REV.test(rev))
    throw malformed(id, 'rev', `r= must be 8 to 40 lower-case hex digits, found "${rev}"`);
  return {
    doc_uid: docUid,
    rev,
    sect_path: decodeSection(id, sect),
    page: decodeWhole(id, 'page', page, PAGE_WIDTH),
    ...decodeBlock(id, block),
  };
}

/** True when `id` is a canonical chunk ID. */
export function isChunkId(id: string): boolean {
  try {
    parseChunkId(id);
    return true;
  } catch {
    return false;
  }
}

function decodeSection(id: string, sect: string): string {
  if (sect === SECTION_END) return '';
  if (sect.startsWith('p')) return `p${decodeWhole(id, 'sect_path', sect.slice(1), PAGE_WIDTH)}`;
  const ordinals: number[] = [];
  let at = 0;
  for (;;) {
    const ordinal = decodeOrdinal(sect, at, SECTION_WIDTH);
    if (typeof ordinal === 'string') throw malformed(id, 'sect_path', `s=${sect}: ${ordinal}`);
    ordinals.push(ordinal.value);
    at = ordinal.end;
    if (sect[at] === '.') {
      at++;
      continue;
    }
    if (sect[at] === SECTION_END && at === sect.length - 1) return ordinals.join('.');
    throw malformed(
      id,
      'sect_path',
      `s=${sect}: a section path is numbers joined by "." and ended by "${SECTION_END}" (s=02.04.01-)`,
    );
  }
}

function decodeBlock(id: string, block: string): Pick<ChunkIdParts, 'block' | 'part' | 'insert'> {
  const head = decodeOrdinal(block, 0, BLOCK_WIDTH);
  if (typeof head === 'string') throw malformed(id, 'block', `b=${block}: ${head}`);
  let at = head.end;
  let part = 0;
  if (block[at] === PART_MARK) {
    const decoded = decodeOrdinal(block, at + 1, PART_WIDTH);
    if (typeof decoded === 'string') throw malformed(id, 'part', `b=${block}: ${decoded}`);
    if (decoded.value === 0)
      throw malformed(id, 'part', `b=${block}: part 0 is written without a suffix`);
    part = decoded.value;
    at = decoded.end;
  }
  let insert = '';
  if (block[at] === INSERT_MARK) {
    insert = block.slice(at + 1);
    if (!isFraction(insert)) {
      throw malformed(
        id,
        'insert',
        `b=${block}: after "+" come digits not ending in 0, found "${insert}"`,
      );
    }
    at = block.length;
  }
  if (at !== block.length) {
    throw malformed(
      id,
      'block',
      `b=${block}: unexpected "${block.slice(at)}" (want <block>[.<part>][+<digits>])`,
    );
  }
  return { block: head.value, part, insert };
}

function decodeWhole(id: string, component: string, text: string, width: number): number {
  const decoded = decodeOrdinal(text, 0, width);
  if (typeof decoded === 'string') throw malformed(id, component, `${component}: ${decoded}`);
  if (decoded.end !== text.length) {
    throw malformed(
      id,
      component,
      `${component}: unexpected "${text.slice(decoded.end)}" after the number`,
    );
  }
  return decoded.value;
}

function malformed(id: string, component: string, reason: string, cause?: unknown): CairnError {
  return new CairnError('malformed_chunk_id', `Malformed chunk ID "${id}": ${reason}`, {
    details: { id, component },
    ...(cause === undefined ? {} : { cause }),
  });
}
