import { describe, expect, it } from 'vitest';
import { paragraphDocument } from '../../test/ids/paragraph-document.js';
import { syntheticDocument } from '../../test/ids/synthetic-document.js';
import { mintChunkIds } from './mint-chunk-ids.js';

/** The same value with every object's keys in reverse order. */
function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reverseKeys) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reverseKeys(inner)]),
  ) as T;
}

describe('mintChunkIds', () => {
  const { doc, chunks } = paragraphDocument([
    'Preamble before any heading.',
    '1. Intro',
    'First paragraph.',
    '1.1 Details',
    'Nested paragraph.',
    '2. Next',
    'Second section text.',
  ]);

  it('numbers blocks from 1 within their section, the heading included, and roots before headings', () => {
    expect(mintChunkIds(doc, chunks)).toEqual([
      `notes|r=${doc.rev.slice(0, 8)}|s=-|p=000|b=001`,
      `notes|r=${doc.rev.slice(0, 8)}|s=01-|p=000|b=001`,
      `notes|r=${doc.rev.slice(0, 8)}|s=01-|p=000|b=002`,
      `notes|r=${doc.rev.slice(0, 8)}|s=01.01-|p=000|b=001`,
      `notes|r=${doc.rev.slice(0, 8)}|s=01.01-|p=000|b=002`,
      `notes|r=${doc.rev.slice(0, 8)}|s=02-|p=000|b=001`,
      `notes|r=${doc.rev.slice(0, 8)}|s=02-|p=000|b=002`,
    ]);
  });

  it('numbers a chunk spanning blocks by its first block, and parts of a split block', () => {
    const ids = mintChunkIds(doc, [
      { first_block: 1, block_part: null },
      { first_block: 2, block_part: 0 },
      { first_block: 2, block_part: 1 },
      { first_block: 2, block_part: 2 },
      { first_block: 5, block_part: null },
    ]);
    expect(ids.map((id) => id.split('|').slice(2).join('|'))).toEqual([
      's=01-|p=000|b=001',
      's=01-|p=000|b=002',
      's=01-|p=000|b=002.01',
      's=01-|p=000|b=002.02',
      's=02-|p=000|b=001',
    ]);
  });

  it('keeps IDs unique and ascending when chunks start in the same piece or lack a page or a block', () => {
    const paged = syntheticDocument({
      rootBlocks: 0,
      sections: [{ sect_path: '1', blocks: 4 }],
      blocksPerPage: 2,
    });
    const ids = mintChunkIds(paged, [
      { first_block: 0, block_part: null, page: 1 },
      { first_block: 0, block_part: null, page: 1 },
      { first_block: 2, block_part: 0, page: 2 },
      { first_block: 2, block_part: 0, page: null },
      { first_block: null, section: 0, page: null },
    ]);
    expect(ids.map((id) => id.split('|').slice(2).join('|'))).toEqual([
      's=01-|p=001|b=001',
      's=01-|p=001|b=001.01',
      's=01-|p=002|b=003',
      's=01-|p=002|b=003.01',
      's=01-|p=002|b=003.02',
    ]);
  });

  it('is a function of the content only: same IDs for a copy with every key order reversed', () => {
    expect(mintChunkIds(reverseKeys(doc), reverseKeys(chunks))).toEqual(mintChunkIds(doc, chunks));
  });

  it('writes the lineage rev it is given, or a longer cut of doc.rev', () => {
    expect(mintChunkIds(doc, chunks.slice(0, 1), { rev_length: 12 })[0]).toContain(
      `|r=${doc.rev.slice(0, 12)}|`,
    );
    expect(mintChunkIds(doc, chunks.slice(0, 1), { rev: 'abcdef01' })[0]).toContain('|r=abcdef01|');
  });

  it('refuses a chunk that names a block the document does not have', () => {
    expect(() => mintChunkIds(doc, [{ first_block: 99 }])).toThrow(/block 99/);
  });
});
