import { brotliCompressSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { parseDocument } from '../../src/parse/parse-document.js';
import { decodeModel, encodeModel, modelJson } from '../../src/store/encode-model.js';
import type { VersionModel } from '../../src/store/types.js';

async function modelOf(markdown: string): Promise<VersionModel> {
  const doc = await parseDocument({
    bytes: new TextEncoder().encode(markdown),
    source_url: 'model.md',
  });
  const { title, sections, blocks, pages, json_nodes } = doc;
  return { title, sections, blocks, pages, json_nodes };
}

// Thousands of sections: JSON of several pieces, with an em dash in every heading.
const LARGE = Array.from(
  { length: 1500 },
  (_, i) => `## Part ${i} — Heading\n\nParagraph ${i} of the text.\n`,
).join('\n');

describe('encodeModel', () => {
  test('the pieces join to JSON.stringify(model) with derived heading paths as null, over several pieces', async () => {
    const model = await modelOf(LARGE);
    const pieces = [...modelJson(model)];
    expect(pieces.length).toBeGreaterThan(2);
    const derivedAsNull = {
      ...model,
      sections: model.sections.map((section) => ({ ...section, heading_path: null })),
    };
    expect(pieces.join('')).toBe(JSON.stringify(derivedAsNull));
  });

  test('a heading path that does not derive from the parent is written out and read back', async () => {
    const model = await modelOf('# A\n\n## B\n\ntext\n\n## C\n\nmore\n');
    model.sections[1]!.heading_path = ['Elsewhere', 'B'];
    const json = [...modelJson(model)].join('');
    expect(json).toContain('"heading_path":["Elsewhere","B"]');
    const decoded = await decodeModel(await encodeModel(model));
    expect(decoded.sections.map((section) => section.heading_path)).toEqual([
      ['A'],
      ['Elsewhere', 'B'],
      ['A', 'C'],
    ]);
  });

  test('a model stored with every heading path written out reads back the same', async () => {
    const model = await modelOf(LARGE);
    // one path that does not derive: a reader that rebuilt every path would lose it
    model.sections[1]!.heading_path = ['Elsewhere', model.sections[1]!.title];
    const stored = brotliCompressSync(Buffer.from(JSON.stringify(model)));
    expect(await decodeModel(stored)).toEqual(model);
  });

  test('JSON.stringify rules at the edges: undefined keys left out, array holes as null', () => {
    const odd = { title: null, sections: [], blocks: [undefined], pages: undefined } as unknown;
    expect([...modelJson(odd as VersionModel)].join('')).toBe(JSON.stringify(odd));
  });

  test('decodes to the model it encoded', async () => {
    for (const markdown of ['# One\n\ntext\n', LARGE]) {
      const model = await modelOf(markdown);
      const decoded = await decodeModel(await encodeModel(model));
      expect(decoded).toEqual(model);
      // the same keys in the same order, so JSON written from a stored model does not change
      expect(JSON.stringify(decoded)).toBe(JSON.stringify(model));
    }
  });
});
