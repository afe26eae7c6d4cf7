import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentBuilder } from '../../src/parse/document-builder.js';
import { emitMarkdown } from '../../src/parse/markdown/emit-markdown.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { nastyPiece } from '../support/arbitraries.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';

const parseMd = (text: string): Promise<CairnDocument> =>
  parseDocument({ bytes: Buffer.from(text, 'utf8'), source_url: 'doc.md', format: 'markdown' });

const textOf = (doc: CairnDocument, span: { start: number; end: number }): string =>
  Array.from(doc.canonical).slice(span.start, span.end).join('');

const blocksOf = (doc: CairnDocument): [string, string][] =>
  doc.blocks.map((b) => [b.type, textOf(doc, b.span)]);

/** Markdown syntax that moves offsets around: every block kind, line endings of every sort. */
const MARKDOWN_PIECES = [
  '# ',
  '## Title\n',
  '###### ',
  'Setext\n===\n',
  'Under\n---\n',
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  '\u2028',
  '```\n',
  '```rust\nlet x = "# not a heading";\n```\n',
  '~~~',
  '    indented # code\n',
  '- item\n',
  '* ',
  '1. ',
  '> ',
  '| a | b |\n|---|---|\n| c 😀 | d |\n',
  '$$\nx^2\n$$\n',
  '$x$',
  '---\ntitle: T\n---\n',
  '[a]: http://example.com\n',
  '[^1]: note\n',
  '<div>\n',
  '***\n',
  '*em*',
  '**',
  '_',
  '`',
  '\\',
  '[link](x)',
  '&amp;',
  '\t',
  '   ',
];

const markdownText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...MARKDOWN_PIECES),
      nastyPiece,
      fc.constantFrom('word', 'Alpha beta.'),
    ),
    {
      maxLength: 50,
    },
  )
  .map((parts) => parts.join(''));

/** Every non-blank code point lies in some block: a parser that drops content fails here. */
function expectCovered(doc: CairnDocument): void {
  const chars = Array.from(doc.canonical);
  const covered = new Uint8Array(chars.length);
  for (const block of doc.blocks) covered.fill(1, block.span.start, block.span.end);
  chars.forEach((ch, i) => {
    if (!/\s/u.test(ch) && covered[i] === 0) {
      throw new Error(`code point ${i} (${JSON.stringify(ch)}) is in no block`);
    }
  });
}

describe('Markdown parser', () => {
  it('keeps spans exact on generated Markdown with astral, combining, ZWJ and every line ending', async () => {
    await fc.assert(
      fc.asyncProperty(markdownText, async (text) => {
        const doc = await parseMd(text);
        assertDocumentInvariants(doc);
        expect(doc.canonical).toBe(text.replace(/^\ufeff/, ''));
        const chars = Array.from(doc.canonical);
        const utf8 = Buffer.from(doc.canonical, 'utf8');
        for (const block of doc.blocks) {
          // the byte span decodes to the same text as the code-point span
          const bySlice = sliceCodePoints(chars, block.span);
          expect(utf8.subarray(block.span.start_byte, block.span.end_byte).toString('utf8')).toBe(
            bySlice,
          );
          // not blank in CommonMark's sense (space, tab, line endings; U+00A0 is content)
          expect(bySlice).toMatch(/[^ \t\r\n]/);
        }
        for (const section of doc.sections) {
          const heading = doc.blocks.find(
            (b) => b.type === 'heading' && b.span.start === section.span.start,
          );
          expect(heading?.span).toEqual(section.heading_span);
        }
        expectCovered(doc);
        expect(await parseMd(text)).toEqual(doc);
      }),
    );
  });

  it('starts a Setext heading after the link definitions that precede it', async () => {
    // mdast starts this heading at the definition: the blocks would overlap
    const doc = await parseMd('[a]: http://example.com\nSetext\n===\n');
    expect(blocksOf(doc)).toEqual([
      ['definition', '[a]: http://example.com'],
      ['heading', 'Setext\n==='],
    ]);
    expect(doc.sections.map((s) => s.title)).toEqual(['Setext']);
  });

  it('opens sections for ATX and Setext headings with plain-text titles', async () => {
    const doc = await parseMd(
      '# The *first* `one` #\n\nText.\n\nSecond [link](x)\n---\n\n### Deep\n\nMore.\n',
    );
    expect(doc.sections.map((s) => [s.sect_path, s.level, s.title])).toEqual([
      ['1', 1, 'The first one'],
      ['1.1', 2, 'Second link'],
      ['1.1.1', 3, 'Deep'],
    ]);
    expect(textOf(doc, doc.sections[1]!.heading_span!)).toBe('Second [link](x)\n---');
    expect(doc.blocks.filter((b) => b.type === 'heading').map((b) => b.depth)).toEqual([1, 2, 3]);
  });

  it('does not take # inside fenced or indented code for a heading', async () => {
    const doc = await parseMd(
      '# Real\n\n```sh\n# a comment\n## another\n```\n\n    # indented\n\n~~~\n# tilde\n~~~\n',
    );
    expect(doc.sections.map((s) => s.title)).toEqual(['Real']);
    expect(blocksOf(doc)).toEqual([
      ['heading', '# Real'],
      ['code', '```sh\n# a comment\n## another\n```'],
      ['code', '    # indented'],
      ['code', '~~~\n# tilde\n~~~'],
    ]);
    expect(doc.blocks[1]!.lang).toBe('sh');
    expect(doc.blocks[2]!.lang).toBeUndefined();
  });

  it('types every kind of block', async () => {
    const text = [
      '---\ntitle: "Front"\n---',
      'Para with $x^2$ inline math.',
      '$$\n\\sum_i x_i\n$$',
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '- one\n- two',
      '> quoted',
      '***',
      '<div>raw</div>',
      '[ref]: https://example.com',
      'Text[^n].',
      '[^n]: The note.',
    ].join('\n\n');
    const doc = await parseMd(text);
    expect(doc.blocks.map((b) => b.type)).toEqual([
      'front_matter',
      'paragraph',
      'formula',
      'table',
      'list',
      'quote',
      'thematic_break',
      'html',
      'definition',
      'paragraph',
      'footnote',
    ]);
    expect(textOf(doc, doc.blocks[2]!.span)).toBe('$$\n\\sum_i x_i\n$$');
    expect(doc.title).toBe('Front');
  });

  it('keeps CRLF and lone CR in spans and removes only the BOM', async () => {
    const doc = await parseDocument({
      bytes: Buffer.from('\ufeff# Tïtle 😀\r\n\r\nLine one\rline two\r\n', 'utf8'),
      source_url: 'crlf.md',
      format: 'markdown',
    });
    expect(doc.canonical).toBe('# Tïtle 😀\r\n\r\nLine one\rline two\r\n');
    expect(blocksOf(doc)).toEqual([
      ['heading', '# Tïtle 😀'],
      ['paragraph', 'Line one\rline two'],
    ]);
    assertDocumentInvariants(doc);
  });

  it('keeps offsets right when the text starts with a second U+FEFF', async () => {
    const doc = await parseMd('\ufeff\ufeff# A\n\nb\n');
    assertDocumentInvariants(doc);
    expect(doc.canonical).toBe('\ufeff# A\n\nb\n');
    expect(blocksOf(doc).at(-1)).toEqual(['paragraph', 'b']);
  });

  it('returns an empty model for an empty or blank file', async () => {
    for (const text of ['', '\n\n  \r\n']) {
      const doc = await parseMd(text);
      expect(doc.blocks).toEqual([]);
      expect(doc.sections).toEqual([]);
      expect(doc.canonical).toBe(text);
    }
  });
});

describe('emitMarkdown', () => {
  it('emits a slice into an existing builder with shifted offsets, ranks and cell', () => {
    const prefix = 'x😀\r\n';
    const cell = '# Cell title\n\nBody 👩‍👩‍👧 text.\n\n## Sub\n';
    const text = `${prefix}${cell}tail`;
    const builder = new DocumentBuilder({
      canonical: text,
      format: 'ipynb',
      media_type: 'x',
      source_url: 'n.ipynb',
    });
    builder.section({ rank: 1, title: 'Cell 1', start16: 0 });
    emitMarkdown(
      builder,
      text,
      { start16: prefix.length, end16: prefix.length + cell.length },
      { rankBase: 1, cell: 4 },
    );
    const doc = builder.build();
    assertDocumentInvariants(doc);
    expect(doc.sections.map((s) => [s.sect_path, s.title])).toEqual([
      ['1', 'Cell 1'],
      ['1.1', 'Cell title'],
      ['1.1.1', 'Sub'],
    ]);
    expect(blocksOf(doc)).toEqual([
      ['heading', '# Cell title'],
      ['paragraph', 'Body 👩‍👩‍👧 text.'],
      ['heading', '## Sub'],
    ]);
    expect(doc.blocks.every((b) => b.cell === 4)).toBe(true);
    expect(doc.blocks.map((b) => b.depth)).toEqual([1, undefined, 2]);
  });
});
