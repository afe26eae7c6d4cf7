import { describe, expect, it } from 'vitest';
import { StructureChunker } from '../../src/chunk/structure-chunker.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import { heapGrowth } from '../support/heap-growth.js';

/**
 * micromark, cairn's Markdown parser before markdown-it, held every token of
 * a container until it closed, so one long list parsed whole cost about 170
 * bytes of RSS per byte of input: a 23 MB list of short items took 30 s and
 * 3.9 GB; this test's one-megabyte list grew the heap by 665 MB. The bound
 * is on heap growth, not time.
 */
const ITEMS = 60_000;
const BOUND_BYTES = 300 * 1024 * 1024;

describe('a megabyte-long Markdown list', () => {
  it('parses to one list and chunks on line boundaries, with bounded heap growth', async () => {
    const items = Array.from({ length: ITEMS }, (_, i) =>
      i % 100 === 0 ? `- item ${i} with *emphasis*\n  and a lazy line\n` : `- item ${i} café\n`,
    ).join('');
    const text = `# Links\n\n${items}\nAfter the list.\n`;
    const { result, bytes } = await heapGrowth(async () => {
      const doc = await parseDocument({
        bytes: Buffer.from(text, 'utf8'),
        source_url: 'list.md',
        format: 'markdown',
      });
      return { doc, chunks: new StructureChunker().chunk(doc) };
    });
    expect(bytes).toBeLessThan(BOUND_BYTES);
    const { doc, chunks } = result;
    expect(doc.blocks.map((block) => block.type)).toEqual(['heading', 'list', 'paragraph']);
    const list = doc.blocks[1]!;
    expect(doc.canonical.slice(list.span.start, list.span.end)).toBe(items.trimEnd());
    const listChunks = chunks.filter((chunk) => chunk.block_types.includes('list'));
    expect(listChunks.length).toBeGreaterThan(1);
    for (const chunk of listChunks)
      expect(doc.canonical.slice(chunk.span.start, chunk.span.end)).toBe(chunk.text);
  }, 60_000);
});

/** micromark held a fenced code block's tokens until it closed too: this test's 3.5 MB block grew the heap by about 450 MB. */
const CODE_BOUND_BYTES = 250 * 1024 * 1024;

/**
 * Parses `# Title`, then `block`, then a paragraph, as Markdown: the heap
 * may grow by `bound` bytes at most, and the document must hold exactly a
 * heading, one block of `type` whose text is `block`, and the paragraph.
 */
async function expectOneLongBlock(block: string, type: string, bound: number): Promise<void> {
  const text = `# Title\n\n${block}\n\nAfter the block.\n`;
  const { result: doc, bytes } = await heapGrowth(() =>
    parseDocument({ bytes: Buffer.from(text, 'utf8'), source_url: 'long.md', format: 'markdown' }),
  );
  expect(bytes).toBeLessThan(bound);
  expect(doc.blocks.map((b) => b.type)).toEqual(['heading', type, 'paragraph']);
  const long = doc.blocks[1]!;
  expect(doc.canonical.slice(long.span.start, long.span.end)).toBe(block);
}

describe('a long fenced code block', () => {
  it('parses to one code block, with bounded heap growth', async () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `let x${i} = ${i};\n`).join('');
    await expectOneLongBlock(`\`\`\`rust\n${lines}\`\`\``, 'code', CODE_BOUND_BYTES);
  }, 60_000);
});

/** And a block quote's: this test's 1.7 MB quote grew the heap by about 465 MB. */
const QUOTE_BOUND_BYTES = 250 * 1024 * 1024;

describe('a long block quote', () => {
  it('parses to one block quote, with bounded heap growth', async () => {
    const paragraphs = Array.from(
      { length: 30_000 },
      (_, i) => `> Paragraph ${i} of the quoted mail,\n> on two lines.\n>\n`,
    ).join('');
    await expectOneLongBlock(paragraphs.trimEnd(), 'quote', QUOTE_BOUND_BYTES);
  }, 60_000);
});
