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
import { escapeDocUid } from './escape-doc-uid.js';
import { isFraction } from './fraction-key.js';
import { encodeOrdinal } from './ordinal-key.js';

const REV = /^[0-9a-f]{8,40}$/;
const NUMBER = /^(?:0|[1-9]\d*)$/;
const PAGE_SECTION = /^p(0|[1-9]\d*)$/;

/**
 * `<doc_uid>|r=<rev>|s=<sect>|p=<page>|b=<block>`, the canonical spelling
 * (docs/chunk-ids.md): byte-wise order of the IDs of one document is its
 * reading order. Throws `malformed_chunk_id` naming the bad component.
 */
export function formatChunkId(parts: ChunkIdParts): string {
  if (!REV.test(parts.rev)) {
    throw malformed('rev', `rev must be 8 to 40 lower-case hex digits, received "${parts.rev}"`);
  }
  const sect = encodeSection(parts.sect_path);
  const page = encodeNumber('page', parts.page, PAGE_WIDTH);
  const block = encodeBlock(parts);
  return `${escapeDocUid(parts.doc_uid)}|r=${parts.rev}|s=${sect}|p=${page}|b=${block}`;
}

/** The `s=` value: `-` for the root, `02.04.01-` for a path, `p005` for a page standing in for a section. */
function encodeSection(sectPath: string): string {
  if (sectPath === '') return SECTION_END;
  const page = PAGE_SECTION.exec(sectPath);
  if (page) return `p${encodeNumber('sect_path', Number(page[1]), PAGE_WIDTH)}`;
  const ordinals = sectPath.split('.');
  if (!ordinals.every((ordinal) => NUMBER.test(ordinal))) {
    throw malformed(
      'sect_path',
      `sect_path must be empty, a dot path of numbers without leading zeros (2.4.1) or p<page>, received "${sectPath}"`,
    );
  }
  return (
    ordinals.map((ordinal) => encodeNumber('sect_path', Number(ordinal), SECTION_WIDTH)).join('.') +
    SECTION_END
  );
}

function encodeBlock(parts: ChunkIdParts): string {
  let out = encodeNumber('block', parts.block, BLOCK_WIDTH);
  if (parts.part !== 0) out += PART_MARK + encodeNumber('part', parts.part, PART_WIDTH);
  if (parts.insert !== '') {
    if (!isFraction(parts.insert)) {
      throw malformed(
        'insert',
        `insert must be digits not ending in 0 (a fraction's decimals), received "${parts.insert}"`,
      );
    }
    out += INSERT_MARK + parts.insert;
  }
  return out;
}

function encodeNumber(component: string, value: number, width: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw malformed(component, `${component} must be a non-negative integer, received ${value}`);
  }
  return encodeOrdinal(value, width);
}

function malformed(component: string, message: string): CairnError {
  return new CairnError('malformed_chunk_id', message, { details: { component } });
}
