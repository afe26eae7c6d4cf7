import { describe, expect, it } from 'vitest';
import { StructureChunker } from '../../src/chunk/structure-chunker.js';
import { MAX_TABLE_ROW_UNITS } from '../../src/parse/markdown/table-guard.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { heapGrowth } from '../support/heap-growth.js';

/**
 * GFM resolves a table only when it closes, so micromark holds every token
 * of every row until the last: parsed whole, a 2 MB table of short rows takes
 * 1.4 GB of RSS and a 20 MB one runs out of heap. cairn parses long tables a
 * few thousand rows at a time. On this test's 1 MB table: 600 MB of heap
 * growth parsed whole, 130 MB in parts. The bound is on heap growth, not time.
 */
const ROW = '| cell one | céll two |\n';
const ROWS = 42_000;
const BOUND_BYTES = 200 * 1024 * 1024;

describe('a megabyte-long Markdown table', () => {
  it('parses to one table and chunks on row boundaries, with bounded heap growth', async () => {
    const text = `# Data\n\n| a | b |\n|---|---|\n${ROW.repeat(ROWS)}\nAfter the table.\n`;
    const { result, bytes } = await heapGrowth(async () => {
      const doc = await parseDocument({
        bytes: Buffer.from(text, 'utf8'),
        source_url: 'table.md',
        format: 'markdown',
      });
      return { doc, chunks: new StructureChunker().chunk(doc) };
    });
    expect(bytes).toBeLessThan(BOUND_BYTES);
    const { doc, chunks } = result;
    expect(doc.blocks.map((block) => block.type)).toEqual(['heading', 'table', 'paragraph']);
    const table = doc.blocks[1]!;
    expect(doc.canonical.slice(table.span.start, table.span.end)).toBe(
      `| a | b |\n|---|---|\n${ROW.repeat(ROWS).trimEnd()}`,
    );
    const tableChunks = chunks.filter((chunk) => chunk.block_types.includes('table'));
    expect(tableChunks.length).toBeGreaterThan(1);
    for (const chunk of tableChunks) {
      expect(doc.canonical.slice(chunk.span.start, chunk.span.end)).toBe(chunk.text);
      expect(chunk.text.endsWith('|')).toBe(true);
    }
  }, 60_000);

  it('reads a row longer than MAX_TABLE_ROW_UNITS as paragraph text, with bounded heap growth', async () => {
    const long = '|a'.repeat(MAX_TABLE_ROW_UNITS);
    for (const text of [
      `| a | b |\n|---|---|\n| c | d |\n${long}\n`,
      `${long}\n|---|---|\n`,
      `| a | b |\n${long.replaceAll('a', '-')}\n`,
    ]) {
      const { result, bytes } = await heapGrowth(() =>
        parseDocument({
          bytes: Buffer.from(text, 'utf8'),
          source_url: 'row.md',
          format: 'markdown',
        }),
      );
      // read as table cells, the first of these rows (2 MB) grows the heap by 3.4 GB
      expect(bytes).toBeLessThan(100 * 1024 * 1024);
      expect(result.blocks.at(-1)!.type).toBe('paragraph');
      for (const block of result.blocks)
        if (block.type === 'table') expect(block.span.end - block.span.start).toBeLessThan(100);
    }
  }, 60_000);
});
