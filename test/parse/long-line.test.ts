import { describe, expect, it } from 'vitest';
import { StructureChunker } from '../../src/chunk/structure-chunker.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { heapGrowth } from '../support/heap-growth.js';

/**
 * micromark's GFM table construct tokenized every paragraph's first line as
 * a head row, cell by cell, before the next line could tell it there was no
 * table: one very long Markdown paragraph line cost about 150 bytes of V8
 * heap per character (3 GB for 20 MB). The bound is on heap growth, not
 * time: 40 bytes a character. The chunker's piece table and atoms are typed
 * arrays, outside the V8 heap: this bounds the parse and the chunks.
 */
const SIZE = 1_800_000;
const BOUND_BYTES = 40 * SIZE;

const LINES = [
  { name: 'words', unit: 'word ' },
  { name: 'table-ish cells', unit: '|a|b|' },
  { name: 'no space at all', unit: 'x' },
  // inline math that is not the whole paragraph: not to be tokenized whole to see whether it is
  { name: 'inline math among words', unit: 'word $x$ ' },
];

describe('one multi-megabyte Markdown line', () => {
  for (const { name, unit } of LINES) {
    it(`${name}: parses and chunks with bounded heap growth and exact offsets`, async () => {
      const text = `${unit.repeat(SIZE / unit.length)}\n`;
      const { result, bytes } = await heapGrowth(async () => {
        const doc = await parseDocument({
          bytes: Buffer.from(text, 'utf8'),
          source_url: 'long.md',
          format: 'markdown',
        });
        return { doc, chunks: new StructureChunker().chunk(doc) };
      });
      expect(bytes).toBeLessThan(BOUND_BYTES);
      const { doc, chunks } = result;
      // a paragraph's final spaces are not its content (CommonMark 4.8): `word ` lines end in one
      expect(doc.blocks.map((block) => [block.type, block.span.start, block.span.end])).toEqual([
        ['paragraph', 0, text.trimEnd().length],
      ]);
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.at(-1)!.span.end).toBe(text.trimEnd().length);
      let previousEnd = 0;
      for (const chunk of chunks) {
        // ASCII: code point offsets are string indices
        expect(doc.canonical.slice(chunk.span.start, chunk.span.end)).toBe(chunk.text);
        expect(chunk.span.start_byte).toBe(chunk.span.start);
        expect(chunk.span.start).toBeGreaterThanOrEqual(previousEnd);
        previousEnd = chunk.span.end;
      }
    });
  }
});
