import { describe, expect, it } from 'vitest';
import { STRUCTURE_DEFAULTS, StructureChunker } from '../../src/chunk/structure-chunker.js';
import type { Chunk } from '../../src/chunk/types.js';
import { parseFile } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusFiles, corpusPath } from '../corpora.js';
import { assertAtomicBlocksWhole, assertChunkInvariants, cl100kCount } from './assert-chunks.js';

/** Coverage of what a structure chunker promises to cover: the blocks. */
const blockRanges = (doc: CairnDocument): Array<[number, number]> =>
  doc.blocks.map((b) => [b.span.start, b.span.end]);

const overlaps = (chunk: Chunk, span: { start: number; end: number }): boolean =>
  chunk.span.start < span.end && span.start < chunk.span.end;

describe('structure chunker on the Rust book', () => {
  it('keeps every fenced code block and every table whole, with exact counts', async () => {
    const chunker = new StructureChunker();
    const summary: Record<string, { chunks: number; code: number; tables: number; split: number }> =
      {};
    let code = 0;
    let tables = 0;
    let wholeAtomic = 0;
    let splitAtomic = 0;
    for (const file of corpusFiles('rustbook', ['.md'])) {
      const doc = await parseFile(file);
      const chunks = chunker.chunk(doc);
      assertChunkInvariants(doc.canonical, chunks, {
        count: cl100kCount,
        budget: STRUCTURE_DEFAULTS.max_chunk_tokens,
        overlap: 0,
        coverage: blockRanges(doc),
      });
      assertAtomicBlocksWhole(doc, chunks);
      let split = 0;
      for (const block of doc.blocks) {
        if (block.type !== 'code' && block.type !== 'table') continue;
        if (block.type === 'code') code++;
        else tables++;
        const whole = chunks.some(
          (c) => c.span.start <= block.span.start && block.span.end <= c.span.end,
        );
        if (whole) wholeAtomic++;
        else {
          split++;
          splitAtomic++;
          // only a block over the budget on its own may be split, and each part says so
          expect(
            cl100kCount(Array.from(doc.canonical).slice(block.span.start, block.span.end).join('')),
          ).toBeGreaterThan(STRUCTURE_DEFAULTS.max_chunk_tokens);
          for (const chunk of chunks.filter((c) => overlaps(c, block.span)))
            expect(chunk.split_reason).toBe('oversize_atomic');
        }
      }
      summary[file.slice(corpusPath('rustbook').length + 1)] = {
        chunks: chunks.length,
        code: doc.blocks.filter((b) => b.type === 'code').length,
        tables: doc.blocks.filter((b) => b.type === 'table').length,
        split,
      };
    }
    expect(code).toBeGreaterThan(900);
    expect(tables).toBeGreaterThan(10);
    expect(wholeAtomic + splitAtomic).toBe(code + tables);
    expect(splitAtomic).toBeLessThan(5);
    await expect(
      `${JSON.stringify({ code, tables, wholeAtomic, splitAtomic, files: summary }, null, 1)}\n`,
    ).toMatchFileSnapshot('../golden/chunk-rustbook.json');
  });
});

describe('structure chunker on the eCFR', () => {
  it('keeps § sections apart, with paragraph sections bounding or merged', async () => {
    const doc = await parseFile(corpusPath('ecfr/title-15/chapter-VII.md'));
    const sections = doc.sections.filter((s) => s.designator?.startsWith('§'));
    expect(sections.length).toBeGreaterThan(150);
    const results: Record<string, { chunks: number; mean_tokens: number }> = {};
    for (const [name, chunker] of [
      ['strict', new StructureChunker()],
      ['merge_paragraph_sections', new StructureChunker({ merge_paragraph_sections: true })],
    ] as const) {
      const chunks = chunker.chunk(doc);
      assertChunkInvariants(doc.canonical, chunks, {
        count: cl100kCount,
        budget: STRUCTURE_DEFAULTS.max_chunk_tokens,
        overlap: 0,
        // the whole text: paragraph designators such as (a) are in chunks, as every heading is
      });
      for (const chunk of chunks) {
        const touched = sections.filter((s) => overlaps(chunk, s.span));
        if (touched.length > 1) {
          throw new Error(
            `${name}: chunk ${chunk.chunk_index} mixes ${touched.map((s) => s.designator).join(' and ')}`,
          );
        }
      }
      results[name] = {
        chunks: chunks.length,
        mean_tokens: Math.round(chunks.reduce((sum, c) => sum + c.token_count, 0) / chunks.length),
      };
    }
    expect(results.merge_paragraph_sections!.chunks).toBeLessThan(results.strict!.chunks);
    await expect(`${JSON.stringify(results, null, 1)}\n`).toMatchFileSnapshot(
      '../golden/chunk-ecfr-ch-vii.json',
    );
  });
});
