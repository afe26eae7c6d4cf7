import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/parse/html/parse-html.js';
import type { BlockType, CairnDocument } from '../../src/types.js';
import { nastyPiece } from '../support/arbitraries.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';

/**
 * Generated pages come with what a reader must see: each block's markup, its
 * type and its visible text, computed here from the pieces (not by the
 * parser), so the parser's canonical text and spans can be checked exactly.
 */
interface Piece {
  html: string;
  /** Visible text, white space not yet collapsed. */
  text: string;
}

interface ExpectedBlock {
  html: string;
  type: BlockType;
  text: string;
}

/** Markers that must never reach the canonical text. */
const HIDDEN_MARKERS = [
  'SCRIPTMARK',
  'STYLEMARK',
  'HIDDENMARK',
  'TEMPLATEMARK',
  'NOSCRIPTMARK',
  'COMMENTMARK',
];

/** Text with nasty characters, NUL excluded (it makes the page binary), escaped in one of several ways. */
const textPiece: fc.Arbitrary<Piece> = fc
  .tuple(
    fc.oneof(nastyPiece, fc.constantFrom('word', 'a & b', '1 < 2', 'x > y', '  spaced  ', '\r\n')),
    fc.nat(),
  )
  .map(([raw, seed]) => {
    const text = raw.replaceAll('\0', '');
    const amp = ['&amp;', '&#38;', '&#x26;'][seed % 3]!;
    return { html: text.replaceAll('&', amp).replaceAll('<', '&lt;'), text };
  });

const entityPiece: fc.Arbitrary<Piece> = fc.constantFrom(
  { html: '&nbsp;', text: '\u00a0' },
  { html: '&eacute;', text: 'é' },
  { html: '&#x1F600;', text: '😀' },
  { html: '&#128104;&#8205;&#128105;', text: '👨\u200d👩' },
  { html: '&copy;', text: '©' },
  { html: '&quot;', text: '"' },
);

const hiddenPiece: fc.Arbitrary<Piece> = fc.constantFrom(
  { html: '<script>var s = "SCRIPTMARK" < 1 && "</p>";</script>', text: '' },
  { html: '<style>p::after { content: "STYLEMARK" }</style>', text: '' },
  { html: '<span hidden>HIDDENMARK</span>', text: '' },
  { html: '<span aria-hidden="true">HIDDENMARK</span>', text: '' },
  { html: '<b style="display: none">HIDDENMARK</b>', text: '' },
  { html: '<template><p>TEMPLATEMARK</p></template>', text: '' },
  { html: '<noscript>NOSCRIPTMARK</noscript>', text: '' },
  { html: '<!-- COMMENTMARK -->', text: '' },
  { html: '<img alt="HIDDENMARK" src="x.png">', text: '' },
);

const leaf = fc.oneof({ weight: 5, arbitrary: textPiece }, entityPiece, hiddenPiece);

const wrap =
  (tag: string, attrs = ''): ((inner: Piece[]) => Piece) =>
  (inner) => ({
    html: `<${tag}${attrs}>${inner.map((p) => p.html).join('')}</${tag}>`,
    text: inner.map((p) => p.text).join(''),
  });

/** Phrasing content, inline elements nested two deep. */
const inline: fc.Arbitrary<Piece[]> = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: leaf },
    fc
      .tuple(fc.constantFrom('b', 'em', 'code', 'span', 'small'), fc.array(leaf, { maxLength: 3 }))
      .map(([tag, inner]) => wrap(tag)(inner)),
    fc.array(leaf, { maxLength: 3 }).map(wrap('a', ' href="https://example.com/?a=1&amp;b=2"')),
  ),
  { maxLength: 6 },
);

const join = (pieces: Piece[]): string => pieces.map((p) => p.text).join('');
/** What CSS `white-space: normal` shows: ASCII white space collapsed, trimmed at the block's ends. */
const collapse = (text: string): string => text.replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
const html = (pieces: Piece[]): string => pieces.map((p) => p.html).join('');

const block: fc.Arbitrary<ExpectedBlock> = fc.oneof(
  inline.map((p) => ({
    html: `<p>${html(p)}</p>`,
    type: 'paragraph' as const,
    text: collapse(join(p)),
  })),
  inline.map((p) => ({
    html: `<div class="c">${html(p)}</div>`,
    type: 'paragraph' as const,
    text: collapse(join(p)),
  })),
  fc.tuple(fc.integer({ min: 1, max: 6 }), inline).map(([n, p]) => ({
    html: `<h${n} id="h">${html(p)}</h${n}>`,
    type: 'heading' as const,
    text: collapse(join(p)),
  })),
  inline.map((p) => ({
    html: `<blockquote>${html(p)}</blockquote>`,
    type: 'quote' as const,
    text: collapse(join(p)),
  })),
  fc.array(textPiece, { maxLength: 5 }).map((p) => {
    // the parser drops one newline right after <pre>; we drop blank lines at both ends
    const text = join(p)
      .replace(/\r\n?/g, '\n')
      .replace(/^\n/, '')
      .replace(/^(?:[\t\f\r ]*\n)+/, '')
      .replace(/[\t\n\f\r ]+$/, '');
    return { html: `<pre>${html(p)}</pre>`, type: 'code' as const, text };
  }),
  fc.array(inline, { maxLength: 4 }).map((items) => ({
    html: `<ul>${items.map((p) => `<li>${html(p)}</li>`).join('')}</ul>`,
    type: 'list' as const,
    text: items
      .map((p) => collapse(join(p)))
      .filter((t) => t !== '')
      .join('\n'),
  })),
  fc
    .array(fc.array(inline, { minLength: 2, maxLength: 3 }), { minLength: 2, maxLength: 3 })
    .map((rows) => ({
      html: `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${html(c)}</td>`).join('')}</tr>`).join('')}</table>`,
      type: 'table' as const,
      text: rows
        .map((r) =>
          r
            .map((c) => collapse(join(c)))
            .filter((t) => t !== '')
            .join(' | '),
        )
        .filter((t) => t !== '')
        .join('\n'),
    })),
  hiddenPiece.map((p) => ({ html: p.html, type: 'paragraph' as const, text: '' })),
  fc.constant({
    html: '<div hidden><p>HIDDENMARK</p><h2>HIDDENMARK</h2></div>',
    type: 'paragraph' as const,
    text: '',
  }),
);

const page = fc
  .tuple(
    fc.array(block, { maxLength: 8 }),
    fc.constantFrom('', '\n', '\r\n  ', '\t'),
    fc.boolean(),
    fc.option(textPiece, { nil: undefined }),
  )
  .map(([blocks, gap, wrapped, title]) => {
    const body = blocks.map((b) => b.html).join(gap);
    const head = title === undefined ? '' : `<title>${title.html}</title>`;
    const source = wrapped
      ? `<!doctype html><html><head>${head}</head><body>${gap}${body}</body></html>`
      : body;
    // a block with nothing but white space of any kind (no-break spaces too) is dropped
    const expected = blocks.filter((b) => /\S/u.test(b.text));
    const titleText = wrapped && title ? title.text.replace(/\s+/g, ' ').trim() || null : null;
    return { source, expected, titleText };
  });

const parse = (source: string): Promise<CairnDocument> =>
  parseHtml({ bytes: Buffer.from(source, 'utf8'), source_url: 'gen.html' });

describe('HTML parser properties', () => {
  it('gives exactly the visible text, typed blocks and element source spans of generated pages', async () => {
    await fc.assert(
      fc.asyncProperty(page, async ({ source, expected, titleText }) => {
        const doc = await parse(source);
        assertDocumentInvariants(doc);
        expect(doc.canonical).toBe(expected.map((b) => b.text).join('\n\n'));
        const chars = Array.from(doc.canonical);
        const sourceChars = Array.from(source);
        expect(doc.blocks.map((b) => [b.type, sliceCodePoints(chars, b.span)])).toEqual(
          expected.map((b) => [b.type, b.text]),
        );
        doc.blocks.forEach((b, i) => {
          expect(sliceCodePoints(sourceChars, b.source_span!)).toBe(expected[i]!.html);
        });
        const headings = expected.filter((b) => b.type === 'heading').map((b) => b.text);
        expect(doc.sections.map((s) => s.title)).toEqual(
          headings.map((t) => t.replace(/\s+/g, ' ').trim()),
        );
        if (titleText !== null) expect(doc.title).toBe(titleText);
        for (const marker of HIDDEN_MARKERS) expect(doc.canonical).not.toContain(marker);
        expect(await parse(source)).toEqual(doc);
      }),
    );
  });

  /** Tag soup: unclosed, misnested and foster-parented markup the generator above never makes. */
  const soup = fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: textPiece.map((p) => p.html) },
        hiddenPiece.map((p) => p.html),
        fc.constantFrom(
          '<p>',
          '</p>',
          '<div>',
          '</div>',
          '<table>',
          '</table>',
          '<tr>',
          '<td>',
          '<th>',
          '<ul>',
          '</ul>',
          '<ol>',
          '<li>',
          '<dl><dt>',
          '<dd>',
          '<pre>',
          '</pre>',
          '<h2>',
          '</h2>',
          '<h4>',
          '<blockquote>',
          '</blockquote>',
          '<br>',
          '<br><br>',
          '<b>',
          '</b>',
          '<i>',
          '<a href=x>',
          '</a>',
          '<textarea>',
          '</textarea>',
          '<math display="block"><mi>',
          '<math>',
          '<svg><text>',
          '</svg>',
          '<hr>',
          '&nbsp;',
          '<select><option>',
          '<frameset>',
        ),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

  it('keeps every invariant on tag soup, deterministically, with no hidden text', async () => {
    await fc.assert(
      fc.asyncProperty(soup, async (source) => {
        const doc = await parse(source);
        assertDocumentInvariants(doc);
        const chars = Array.from(doc.canonical);
        const sourceLength = Array.from(source).length;
        for (const b of doc.blocks) {
          expect(sliceCodePoints(chars, b.span)).toMatch(/\S/u);
          const span = b.source_span!;
          expect(span.start).toBeGreaterThanOrEqual(0);
          expect(span.end).toBeLessThanOrEqual(sourceLength);
          expect(span.start).toBeLessThan(span.end);
        }
        // blocks tile the text: exactly one blank line between consecutive blocks
        doc.blocks.forEach((b, i) => {
          const before =
            i === 0 ? '' : chars.slice(doc.blocks[i - 1]!.span.end, b.span.start).join('');
          expect(before).toBe(i === 0 ? '' : '\n\n');
        });
        if (doc.blocks.length > 0) expect(doc.blocks.at(-1)!.span.end).toBe(chars.length);
        // in a textarea markup is text a reader sees in the box; in MathML or SVG a <template>
        // or <script> is a foreign element, and the HTML after it breaks out into the page
        if (!/<(?:textarea|math|svg)/.test(source)) {
          for (const marker of HIDDEN_MARKERS) expect(doc.canonical).not.toContain(marker);
        }
        expect(await parse(source)).toEqual(doc);
      }),
    );
  });
});
