import { deserialize, serialize } from 'node:v8';
import { describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import type { Chunk } from '../chunk/types.js';
import { parseDocument } from '../parse/parse-document.js';
import type { CairnDocument } from '../types.js';
import { type Emptied, packChunks, unpackChunks } from './chunk-table.js';

const MARKDOWN = `# Chapter I

Opening words of the chapter.

## Part 1

Text of part one.

| a | b |
|---|---|
| ${'wide cell '.repeat(400)} | 2 |

## Part 2

More text.
`;

async function chunked(text: string): Promise<{ doc: CairnDocument; chunks: Chunk[] }> {
  const doc = await parseDocument({ bytes: new TextEncoder().encode(text), source_url: 'a.md' });
  const chunker = defaultChunkerRegistry().get('default').configure({ max_chunk_tokens: 64 });
  const chunks = chunker.chunk(doc);
  for (const chunk of chunks) delete chunk.context;
  return { doc, chunks };
}

const NOTHING_EMPTIED: Emptied = { texts: false, heading_paths: false };

/** Through the structured clone a worker's message takes. */
function overTheWire(
  doc: CairnDocument,
  chunks: readonly Chunk[],
  emptied = NOTHING_EMPTIED,
): Chunk[] | null {
  const table = packChunks(chunks, doc.sections, emptied);
  return table === null ? null : unpackChunks(deserialize(serialize(table)), doc.sections);
}

describe('packChunks / unpackChunks', () => {
  test('chunks come back equal, key order included, split reasons and texts too', async () => {
    const { doc, chunks } = await chunked(MARKDOWN);
    expect(chunks.some((chunk) => chunk.split_reason !== undefined)).toBe(true);
    expect(chunks.some((chunk) => chunk.section === null)).toBe(false);
    const received = overTheWire(doc, chunks);
    expect(received).toEqual(chunks);
    expect(JSON.stringify(received)).toBe(JSON.stringify(chunks));
  });

  test('emptied texts and heading paths, a sect_path not its section’s, no section', async () => {
    const { doc, chunks } = await chunked(MARKDOWN);
    for (const chunk of chunks) {
      chunk.text = '';
      chunk.heading_path = [];
    }
    chunks[0]!.sect_path = 'elsewhere';
    chunks[1]!.section = null;
    chunks[1]!.sect_path = null;
    const received = overTheWire(doc, chunks, { texts: true, heading_paths: true });
    expect(JSON.stringify(received)).toBe(JSON.stringify(chunks));
  });

  test('a text or heading path the caller says it emptied but did not leaves the chunks as they are', async () => {
    const { doc, chunks } = await chunked(MARKDOWN);
    expect(packChunks(chunks, doc.sections, { texts: true, heading_paths: false })).toBeNull();
    expect(packChunks(chunks, doc.sections, { texts: false, heading_paths: true })).toBeNull();
  });

  test('what the columns cannot hold exactly leaves the chunks as they are', async () => {
    const cases: ((chunk: Chunk) => void)[] = [
      (chunk) => {
        chunk.context = 'Chapter I';
      },
      (chunk) => {
        chunk.json_pointer = '/a';
      },
      (chunk) => {
        chunk.token_count = 1.5;
      },
      (chunk) => {
        chunk.block_types = [1 as unknown as Chunk['block_types'][number]];
      },
      (chunk) => {
        chunk.heading_path = Object.assign(['a'], { extra: true });
      },
    ];
    for (const change of cases) {
      const { doc, chunks } = await chunked(MARKDOWN);
      change(chunks[1]!);
      expect(packChunks(chunks, doc.sections, NOTHING_EMPTIED)).toBeNull();
    }
  });
});
