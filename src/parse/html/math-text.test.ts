import fc from 'fast-check';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { parse, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { assertDocumentInvariants } from '../../../test/support/assert-document.js';
import type { CairnDocument } from '../../types.js';
import { mathText } from './math-text.js';
import { parseHtml } from './parse-html.js';

type Element = DefaultTreeAdapterTypes.Element;

const parsePage = async (html: string): Promise<CairnDocument> => {
  const doc = await parseHtml({ bytes: Buffer.from(html, 'utf8'), source_url: 'page.html' });
  assertDocumentInvariants(doc);
  return doc;
};

const cut = (text: string, span: { start: number; end: number }): string =>
  Array.from(text).slice(span.start, span.end).join('');

const blocksOf = async (html: string): Promise<string[]> => {
  const doc = await parsePage(html);
  return doc.blocks.map((b) => `${b.type}: ${cut(doc.canonical, b.span)}`);
};

/** The first `<math>` of a fragment. */
function firstMath(html: string): Element {
  const stack = [...parseFragment(html).childNodes];
  while (stack.length > 0) {
    const node = stack.shift()!;
    if ('tagName' in node && node.tagName === 'math') return node;
    if ('childNodes' in node) stack.push(...node.childNodes);
  }
  throw new Error('no math');
}

/** Wikipedia's markup for a formula: MathML hidden for a picture of it whose alt is the same TeX. */
const wikiMath = (tex: string, display = false): string =>
  `<span class="mwe-math-element"><span class="mwe-math-mathml-${display ? 'display' : 'inline'} mwe-math-mathml-a11y" style="display: none;">` +
  `<math xmlns="http://www.w3.org/1998/Math/MathML"${display ? ' display="block"' : ''} alttext="${tex}">` +
  `<semantics><mrow><mi>X</mi></mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math></span>` +
  `<img src="f.svg" class="mwe-math-fallback-image-inline" aria-hidden="true" alt="${tex}"></span>`;

describe('mathText', () => {
  it('reads the TeX annotation before alttext, and takes off a whole-formula style wrapper', () => {
    expect(
      mathText(
        firstMath(
          '<math alttext="alt"><semantics><mi>a</mi><annotation encoding="application/x-tex">{\\displaystyle a^{2}}</annotation></semantics></math>',
        ),
      ),
    ).toBe('a^{2}');
    expect(mathText(firstMath('<math alttext="{\\textstyle x_1 + y}"><mi>x</mi></math>'))).toBe(
      'x_1 + y',
    );
  });

  it('keeps braces that are not the wrapper own, and white space collapsed', () => {
    expect(
      mathText(firstMath('<math alttext="{\\displaystyle a}{\\displaystyle b}"></math>')),
    ).toBe('{\\displaystyle a}{\\displaystyle b}');
    expect(mathText(firstMath('<math alttext="{\\displaystyle \\{a\\}}"></math>'))).toBe('\\{a\\}');
    expect(mathText(firstMath('<math alttext="  a \n +\tb "></math>'))).toBe('a + b');
  });

  it('is null without TeX: a blank alttext, or an annotation in another encoding', () => {
    expect(mathText(firstMath('<math><mi>x</mi></math>'))).toBeNull();
    expect(mathText(firstMath('<math alttext="  "><mi>x</mi></math>'))).toBeNull();
    expect(
      mathText(
        firstMath(
          '<math><semantics><mi>x</mi><annotation encoding="text/plain">x</annotation></semantics></math>',
        ),
      ),
    ).toBeNull();
  });

  it('finds the annotation in a parsed document too', () => {
    const tree = parse(
      '<p><math><semantics><mi>x</mi><annotation encoding="TeX">x^2</annotation></semantics></math></p>',
    );
    const html = tree.childNodes.find((n) => 'tagName' in n) as Element;
    const body = html.childNodes.find((n) => 'tagName' in n && n.tagName === 'body') as Element;
    const p = body.childNodes[0] as Element;
    expect(mathText(p.childNodes[0] as Element)).toBe('x^2');
  });
});

describe('parseHtml: formulas', () => {
  it('keeps hidden inline MathML as its TeX in the sentence (no more "that is, , then")', async () => {
    const doc = await parsePage(
      `<p>that is, ${wikiMath('{\\displaystyle A=A^{\\mathsf {H}}}')}, then ${wikiMath('{\\displaystyle A}')} is a Hermitian matrix.</p>`,
    );
    expect(doc.canonical).toBe('that is, A=A^{\\mathsf {H}}, then A is a Hermitian matrix.');
    expect(doc.blocks.map((b) => b.type)).toEqual(['paragraph']);
  });

  it('makes displayed maths a formula block between its paragraphs', async () => {
    expect(
      await blocksOf(
        `<p>Define</p><dl><dd>${wikiMath('{\\displaystyle \\langle w,Av\\rangle =\\langle Aw,v\\rangle ,}', true)}</dd></dl><p>for all v.</p>`,
      ),
    ).toEqual([
      'paragraph: Define',
      'formula: \\langle w,Av\\rangle =\\langle Aw,v\\rangle ,',
      'paragraph: for all v.',
    ]);
  });

  it('reads visible MathML with a TeX annotation as the TeX, its tokens otherwise', async () => {
    expect(
      await blocksOf(
        '<p>So <math><semantics><mrow><mi>a</mi><mo>≠</mo><mn>0</mn></mrow><annotation encoding="application/x-tex">a \\neq 0</annotation></semantics></math> here.</p>' +
          '<math display="block"><mi>x</mi><mo>=</mo><mn>2</mn></math>',
      ),
    ).toEqual(['paragraph: So a \\neq 0 here.', 'formula: x=2']);
  });

  it('drops hidden MathML that has no TeX, as any hidden text', async () => {
    expect(
      (await parsePage('<p>a<span style="display:none"><math><mi>q</mi></math></span>b</p>'))
        .canonical,
    ).toBe('ab');
  });

  it("places a formula block's source span on its math element", async () => {
    const html = `<p>Define</p>${wikiMath('{\\displaystyle E=mc^{2}}', true)}<p>done</p>`;
    const doc = await parsePage(html);
    const formula = doc.blocks.find((b) => b.type === 'formula')!;
    const source = cut(html, formula.source_span!);
    expect(source.startsWith('<math')).toBe(true);
    expect(source.endsWith('</math>')).toBe(true);
    expect(cut(doc.canonical, formula.span)).toBe('E=mc^{2}');
  });

  it('keeps any TeX, hidden or not, inline or displayed, as a slice of the canonical text', async () => {
    const escapeAttribute = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const tex = fc.string({
      unit: fc.constantFrom(
        'a',
        'x',
        '1',
        '{',
        '}',
        '\\',
        '^',
        '_',
        ' ',
        '\n',
        '😀',
        'é',
        '&',
        '<',
        '"',
      ),
      maxLength: 24,
    });
    await fc.assert(
      fc.asyncProperty(tex, fc.boolean(), fc.boolean(), async (formula, hidden, display) => {
        const math = `<math${display ? ' display="block"' : ''} alttext="${escapeAttribute(formula)}"><mi>q</mi></math>`;
        const html = `<p>before ${hidden ? `<span style="display:none">${math}</span>` : math} after</p>`;
        const doc = await parsePage(html);
        const expected = formula.replace(/\s+/g, ' ').trim();
        if (expected === '') return;
        // the TeX (maybe without a style wrapper it never has here) is in the text, whole
        expect(doc.canonical).toContain(mathText(firstMath(`<div>${math}</div>`))!);
        const formulas = doc.blocks.filter((b) => b.type === 'formula');
        expect(formulas.length).toBe(display ? 1 : 0);
      }),
    );
  });
});
