import { deserialize, serialize } from 'node:v8';
import { describe, expect, test } from 'vitest';
import { defaultChunkerRegistry } from '../chunk/chunker-registry.js';
import { parseDocument } from '../parse/parse-document.js';
import { processSource, type SourceResult } from './process-source.js';
import { packResult, unpackResult } from './source-wire.js';

const MARKDOWN = `# Chapter I

Opening words of the chapter.

## Part 1 — General

Text of part one, long enough to be a chunk of its own.

### § 1.1 Definitions

Words defined here.

## Part 2

More text.
`;

async function resultOf(text: string, source_url = 'doc.md'): Promise<SourceResult> {
  return processSource({
    source_url,
    bytes: new TextEncoder().encode(text),
    chunker_id: defaultChunkerRegistry().get('default').chunker_id,
  });
}

/** What the writer gets: packed, through the structured clone a worker's message takes, unpacked. */
function overTheWire(result: SourceResult) {
  const wire = packResult(result);
  return { wire, received: unpackResult(deserialize(serialize(wire))) };
}

function withoutContext(result: SourceResult): SourceResult {
  for (const chunk of result.chunks) delete chunk.context;
  return result;
}

describe('packResult / unpackResult', () => {
  test('the writer gets the result back, less chunk context, with texts and heading paths left out on the way', async () => {
    const { wire, received } = overTheWire(await resultOf(MARKDOWN));
    expect(wire).toMatchObject({ section_paths: true, chunk_paths: true, chunk_texts: true });
    expect(wire.result.chunks.every((chunk) => chunk.text === '')).toBe(true);
    expect(wire.result.doc.sections.every((section) => section.heading_path.length === 0)).toBe(
      true,
    );
    expect(received).toEqual(withoutContext(await resultOf(MARKDOWN)));
    expect(received.doc.sections.length).toBeGreaterThan(2);
  });

  test('text with surrogate pairs (code point offsets are not UTF-16 offsets) travels whole', async () => {
    const text = `# Emoji 😀 title\n\n${'Smile 😀 and more words. '.repeat(50)}\n`;
    const { wire, received } = overTheWire(await resultOf(text));
    expect(wire.chunk_texts).toBe(false);
    expect(received).toEqual(withoutContext(await resultOf(text)));
  });

  test('heading paths that do not follow from the section tree travel as they are', async () => {
    const odd = await resultOf(MARKDOWN);
    odd.doc.sections[1]!.heading_path = ['Somewhere else'];
    odd.chunks[0]!.heading_path = ['Not its section'];
    const expected = structuredClone(odd);
    const { wire, received } = overTheWire(odd);
    expect(wire).toMatchObject({ section_paths: false, chunk_paths: false });
    expect(received).toEqual(withoutContext(expected));
  });

  test('chunks that keep their context travel as objects, context and all', async () => {
    const original = await resultOf(MARKDOWN);
    expect(original.chunks.length).toBeGreaterThan(1);
    expect(original.chunks.every((chunk) => typeof chunk.context === 'string')).toBe(true);
    const expected = structuredClone(original);
    const wire = packResult(original, { keep_context: true });
    expect(wire.chunks).toBeNull();
    expect(wire.result.chunks.map((chunk) => chunk.context)).toEqual(
      expected.chunks.map((chunk) => chunk.context),
    );
    const received = unpackResult(deserialize(serialize(wire)));
    expect(received).toEqual(expected);
    expect(JSON.stringify(received.chunks)).toBe(JSON.stringify(expected.chunks));
  });

  test('a document without sections', async () => {
    const doc = await parseDocument({
      bytes: new TextEncoder().encode('plain words'),
      source_url: 'a.txt',
    });
    const chunks = defaultChunkerRegistry().get('default').chunk(doc);
    const { received } = overTheWire({ doc, chunks });
    expect(received.chunks.map((chunk) => chunk.text)).toEqual(['plain words']);
    expect(received.chunks[0]!.heading_path).toEqual([]);
  });
});
