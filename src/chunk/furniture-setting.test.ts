import { describe, expect, it } from 'vitest';
import { parseDocument } from '../parse/parse-document.js';
import { defaultChunkerRegistry } from './chunker-registry.js';

const MARKDOWN =
  '# Title\n\nFirst paragraph of the article.\n\nSite navigation: Home | News | Sport\n\nSecond paragraph of the article.\n';

async function docWithFurniture() {
  const doc = await parseDocument({
    bytes: new TextEncoder().encode(MARKDOWN),
    source_url: 'a.md',
  });
  // the model as a parser that found furniture would give it: one block retyped, text unchanged
  const block = doc.blocks.find((b) =>
    doc.canonical.slice(b.span.start, b.span.end).startsWith('Site'),
  )!;
  block.type = 'furniture';
  return doc;
}

describe('include_furniture', () => {
  it.each(['structure', 'token', 'token-like', 'char', 'sentence'])(
    '%s leaves furniture blocks out of chunks unless asked',
    async (name) => {
      const doc = await docWithFurniture();
      const chunker = defaultChunkerRegistry().get(name);
      const without = chunker
        .chunk(doc)
        .map((c) => c.text)
        .join('\n');
      expect(without).toContain('First paragraph');
      expect(without).toContain('Second paragraph');
      expect(without).not.toContain('Site navigation');
      const withIt = chunker.chunk(doc, { include_furniture: true }).map((c) => c.text);
      expect(withIt.join('\n')).toContain('Site navigation');
      for (const chunk of chunker.chunk(doc))
        expect(Array.from(doc.canonical).slice(chunk.span.start, chunk.span.end).join('')).toBe(
          chunk.text,
        );
    },
  );

  it('names the setting in the chunker id only when true', () => {
    const chunker = defaultChunkerRegistry().get('default');
    expect(chunker.configure({ include_furniture: false }).chunker_id).toBe(chunker.chunker_id);
    const keeping = chunker.configure({ include_furniture: true });
    expect(keeping.chunker_id).not.toBe(chunker.chunker_id);
    expect(keeping.config.include_furniture).toBe(true);
    expect(() => chunker.configure({ include_furniture: 'yes' as never })).toThrow(
      /include_furniture/,
    );
  });
});
