import { describe, expect, test } from 'vitest';
import { parseDocument } from '../parse/parse-document.js';
import { decodeModel, encodeModel, modelJson } from './encode-model.js';
import type { VersionModel } from './types.js';

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
  test('the pieces join to JSON.stringify(model), over several pieces', async () => {
    const model = await modelOf(LARGE);
    const pieces = [...modelJson(model)];
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(JSON.stringify(model));
  });

  test('JSON.stringify rules at the edges: undefined keys left out, array holes as null', () => {
    const odd = { title: null, sections: [], blocks: [undefined], pages: undefined } as unknown;
    expect([...modelJson(odd as VersionModel)].join('')).toBe(JSON.stringify(odd));
  });

  test('decodes to the model it encoded', async () => {
    for (const markdown of ['# One\n\ntext\n', LARGE]) {
      const model = await modelOf(markdown);
      expect(await decodeModel(await encodeModel(model))).toEqual(model);
    }
  });
});
