import { describe, expect, it } from 'vitest';
import { StructureChunker } from '../../src/chunk/structure-chunker.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { heapGrowth } from '../support/heap-growth.js';

/**
 * micromark, cairn's Markdown parser before markdown-it, held every token of
 * a table until it closed: parsed whole, a 2 MB table of short rows took
 * 1.4 GB of RSS and a 20 MB one ran out of heap (on this test's 1 MB table,
 * 600 MB of heap growth). markdown-it keeps tokens per row. The bound is on
 * heap growth, not time.
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

  it('parses a two-megabyte row as GFM reads it, with bounded heap growth', async () => {
    // as cells, micromark grew the heap by 3.4 GB on the first of these rows
    const long = '|a'.repeat(1 << 20);
    const cases: [string, string[]][] = [
      // a body row: the table's, its cells past the head's count dropped (GFM 4.10)
      [`| a | b |\n|---|---|\n| c | d |\n${long}\n`, ['table']],
      // a head row or a delimiter row whose cell count differs from the other's: no table
      [`${long}\n|---|---|\n`, ['paragraph']],
      [`| a | b |\n${long.replaceAll('a', '-')}\n`, ['paragraph']],
    ];
    for (const [text, types] of cases) {
      const { result, bytes } = await heapGrowth(() =>
        parseDocument({
          bytes: Buffer.from(text, 'utf8'),
          source_url: 'row.md',
          format: 'markdown',
        }),
      );
      expect(bytes).toBeLessThan(100 * 1024 * 1024);
      expect(result.blocks.map((block) => block.type)).toEqual(types);
      expect(result.blocks[0]!.span.end).toBe(text.trimEnd().length);
    }
  }, 60_000);
});
