import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChunkAnchor, mintChunkIds } from '../../src/ids/mint-chunk-ids.js';
import { parseChunkId } from '../../src/ids/parse-chunk-id.js';
import type { CairnDocument } from '../../src/types.js';
import { type SyntheticSection, syntheticDocument } from './synthetic-document.js';

const byteWise = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Chunks over `doc`: per block, per a cycled plan, none (packed into the previous chunk), one, or parts. */
function chunksOver(doc: CairnDocument, plan: number[]): ChunkAnchor[] {
  const chunks: ChunkAnchor[] = [];
  for (const block of doc.blocks) {
    const pieces = block.index === 0 ? Math.max(1, plan[0]!) : plan[block.index % plan.length]!;
    for (let part = 0; part < pieces; part++) {
      chunks.push({
        first_block: block.index,
        block_part: pieces > 1 ? part : null,
        page: block.page === null ? null : block.page + (part > 1 ? 1 : 0),
      });
    }
  }
  return chunks;
}

/** Up to 50 sections on each of three levels, one section with up to 5000 blocks. */
const documents = fc
  .record({
    top: fc.integer({ min: 1, max: 50 }),
    second: fc.record({ under: fc.nat(), count: fc.integer({ min: 0, max: 50 }) }),
    third: fc.record({ under: fc.nat(), count: fc.integer({ min: 0, max: 50 }) }),
    own: fc.array(fc.nat(3), { minLength: 1, maxLength: 20 }),
    big: fc.record({ at: fc.nat(), blocks: fc.integer({ min: 1, max: 5000 }) }),
    rootBlocks: fc.nat(3),
    blocksPerPage: fc.constantFrom(0, 1, 3, 7),
  })
  .map((spec) => {
    const paths: string[] = [];
    const secondUnder = (spec.second.under % spec.top) + 1;
    const thirdUnder = spec.second.count > 0 ? (spec.third.under % spec.second.count) + 1 : 0;
    for (let a = 1; a <= spec.top; a++) {
      paths.push(`${a}`);
      if (a !== secondUnder) continue;
      for (let b = 1; b <= spec.second.count; b++) {
        paths.push(`${a}.${b}`);
        if (b !== thirdUnder) continue;
        for (let c = 1; c <= spec.third.count; c++) paths.push(`${a}.${b}.${c}`);
      }
    }
    const bigAt = spec.big.at % paths.length;
    const sections: SyntheticSection[] = paths.map((sect_path, k) => ({
      sect_path,
      blocks: k === bigAt ? spec.big.blocks : spec.own[k % spec.own.length]!,
    }));
    return syntheticDocument({
      rootBlocks: spec.rootBlocks,
      sections,
      blocksPerPage: spec.blocksPerPage,
    });
  });

describe('byte-wise order of minted IDs', () => {
  it('is reading order for documents with up to 50 sections per level and 5000 blocks per section', () => {
    fc.assert(
      fc.property(documents, fc.array(fc.nat(3), { minLength: 1, maxLength: 30 }), (doc, plan) => {
        const ids = mintChunkIds(doc, chunksOver(doc, plan));
        const sorted = [...ids].sort(byteWise);
        expect(sorted).toEqual(ids);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 40 },
    );
  });

  it('holds at the boundaries: 1.9 < 1.10, block 999 < 1000, own text before subsections, root first', () => {
    const sections: SyntheticSection[] = [{ sect_path: '1', blocks: 1 }];
    for (let b = 1; b <= 12; b++) {
      sections.push({ sect_path: `1.${b}`, blocks: b === 9 ? 1200 : 2 });
      if (b === 2) sections.push({ sect_path: '1.2.1', blocks: 1 });
    }
    sections.push({ sect_path: '2', blocks: 1 });
    const doc = syntheticDocument({ rootBlocks: 2, sections, blocksPerPage: 0 });
    const ids = mintChunkIds(
      doc,
      doc.blocks.map((block) => ({ first_block: block.index })),
    );
    expect([...ids].sort(byteWise)).toEqual(ids);
    const at = (sect: string, block: number): string =>
      ids.find((id) => {
        const parts = parseChunkId(id);
        return parts.sect_path === sect && parts.block === block;
      })!;
    expect(at('', 1)).toBe('synthetic|r=01234567|s=-|p=000|b=001');
    expect(at('1.2', 2)).toBe('synthetic|r=01234567|s=01.02-|p=000|b=002');
    expect(byteWise(at('1.2', 2), at('1.2.1', 1))).toBeLessThan(0);
    expect(byteWise(at('1.9', 1200), at('1.10', 1))).toBeLessThan(0);
    expect(at('1.9', 999)).toMatch(/b=999$/);
    expect(at('1.9', 1000)).toMatch(/b=a1000$/);
    expect(byteWise(at('1.9', 999), at('1.9', 1000))).toBeLessThan(0);
  });

  it('numbers blocks within pages, s=p<page>, when a paged document has no headings', () => {
    const doc = syntheticDocument({ rootBlocks: 3000, sections: [], blocksPerPage: 2 });
    const ids = mintChunkIds(
      doc,
      doc.blocks.map((block) => ({ first_block: block.index, page: block.page })),
    );
    expect(ids[0]).toBe('synthetic|r=01234567|s=p001|p=001|b=001');
    expect(ids[1]).toBe('synthetic|r=01234567|s=p001|p=001|b=002');
    expect(ids[2]).toBe('synthetic|r=01234567|s=p002|p=002|b=001');
    expect(ids.at(-1)).toBe('synthetic|r=01234567|s=pa1500|p=a1500|b=002');
    expect([...ids].sort(byteWise)).toEqual(ids);
  });
});
