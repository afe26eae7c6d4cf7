import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultChunkerRegistry } from '../../src/chunk/chunker-registry.js';
import { isInvisibleMarkup } from '../../src/parse/markdown/is-invisible-markup.js';
import { parseDocument, parseFile } from '../../src/parse/parse-document.js';
import { corpusFiles } from '../corpora.js';

/** Every chunker that needs no embedder. */
const CHUNKERS = ['structure', 'char', 'token-like', 'token', 'sentence'];

/** The chunks of `text` whose words are none: only a comment or an empty link target. */
function markupOnly(chunks: { text: string }[]): string[] {
  return chunks.map((c) => c.text).filter((text) => text.trim() === '' || isInvisibleMarkup(text));
}

describe('no chunk is only markup (a comment, an empty <a id> target): it goes with the text after it', () => {
  it('every Rust book chapter, under every chunker', async () => {
    const registry = defaultChunkerRegistry();
    const files = corpusFiles('rustbook', ['.md']);
    let withMarkup = 0;
    for (const file of files) {
      const doc = await parseFile(file);
      if (/<!--|<a id=/.test(doc.canonical)) withMarkup++;
      for (const name of CHUNKERS) {
        const chunks = registry.get(name).chunk(doc);
        expect(markupOnly(chunks), `${name} ${file}`).toEqual([]);
      }
    }
    // the corpus has the markup this is about
    expect(withMarkup).toBeGreaterThan(20);
  }, 600_000);

  it('property: random Markdown with comments and anchors before headings, between paragraphs and at the end (default chunker)', async () => {
    const chunker = defaultChunkerRegistry().get('default');
    const words = fc.array(fc.constantFrom('ownership', 'borrow', 'the', 'heap', 'Ärger', '§ 1'), {
      minLength: 1,
      maxLength: 60,
    });
    const markup = fc.oneof(
      fc.constant('<!-- Old headings. Do not remove or links may break. -->'),
      fc.stringMatching(/^[a-z][a-z-]{0,20}$/).map((id) => `<a id="${id}"></a>`),
      fc.constant('<!-- a\nnote over lines -->'),
    );
    const piece = fc.oneof(
      words.map((w) => w.join(' ')),
      fc
        .tuple(fc.integer({ min: 1, max: 4 }), words)
        .map(([d, w]) => `${'#'.repeat(d)} ${w.join(' ')}`),
      markup,
      fc.array(markup, { minLength: 2, maxLength: 3 }).map((m) => m.join('\n\n')),
    );
    await fc.assert(
      // a document of markup alone has nothing else for it to go with: some words somewhere
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 30 }),
        words,
        fc.nat(),
        async (pieces, some, at) => {
          pieces.splice(at % (pieces.length + 1), 0, some.join(' '));
          const text = `${pieces.join('\n\n')}\n`;
          const doc = await parseDocument({ bytes: Buffer.from(text), source_url: 'prop.md' });
          expect(markupOnly(chunker.chunk(doc)), text).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
