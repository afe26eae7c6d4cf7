import { deserialize, serialize } from 'node:v8';
import { describe, expect, test } from 'vitest';
import { parseDocument } from '../parse/parse-document.js';
import type { Block } from '../types.js';
import { packBlocks, unpackBlocks } from './block-table.js';

const MARKDOWN = `# Title

A paragraph.

## Part 1

- an item
- another

\`\`\`js
code();
\`\`\`

| a | b |
|---|---|
| 1 | 2 |
`;

async function blocksOf(text: string, source_url = 'doc.md'): Promise<Block[]> {
  const doc = await parseDocument({ bytes: new TextEncoder().encode(text), source_url });
  return doc.blocks;
}

/** Through the structured clone a worker's message takes. */
function overTheWire(blocks: readonly Block[]): Block[] | null {
  const table = packBlocks(blocks);
  return table === null ? null : unpackBlocks(deserialize(serialize(table)));
}

describe('packBlocks / unpackBlocks', () => {
  test('blocks come back equal, key order included (the stored model is their JSON)', async () => {
    const blocks = await blocksOf(MARKDOWN);
    expect(blocks.some((block) => block.depth !== undefined)).toBe(true);
    expect(blocks.some((block) => block.lang !== undefined)).toBe(true);
    const received = overTheWire(blocks);
    expect(received).toEqual(blocks);
    expect(JSON.stringify(received)).toBe(JSON.stringify(blocks));
  });

  test('pages and blocks before any section', async () => {
    const blocks: Block[] = [
      { index: 0, type: 'paragraph', span: span(0, 5), section: null, page: 1 },
      { index: 1, type: 'heading', span: span(6, 9), section: 0, page: 2, depth: 2 },
      { index: 2, type: 'code', span: span(10, 12), section: 0, page: 2, lang: '' },
    ];
    expect(JSON.stringify(overTheWire(blocks))).toBe(JSON.stringify(blocks));
  });

  test('what the columns cannot hold exactly leaves the blocks as they are', async () => {
    const cases: ((block: Block) => void)[] = [
      (block) => {
        block.cell = 0;
      },
      (block) => {
        block.lang = 'js';
        block.depth = 1;
      },
      (block) => {
        block.depth = undefined;
      },
      (block) => {
        block.span = { ...block.span, start: -0 };
      },
      (block) => {
        block.page = 2 ** 31;
      },
      (block) => {
        block.section = 1.5;
      },
      (block) => {
        const { index, ...rest } = block;
        Object.assign(block, { index: undefined });
        delete (block as Partial<Block>).index;
        Object.assign(block, rest, { index });
      },
    ];
    for (const change of cases) {
      const blocks = await blocksOf(MARKDOWN);
      change(blocks[1]!);
      expect(packBlocks(blocks)).toBeNull();
    }
  });

  test('no blocks', () => {
    expect(overTheWire([])).toEqual([]);
  });
});

function span(start: number, end: number): Block['span'] {
  return { start, end, start_byte: start, end_byte: end };
}
