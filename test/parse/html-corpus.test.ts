import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusFiles, corpusPath } from '../corpora.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';

const files = corpusFiles('html', ['.html']);

/** Every text of a `<script>` or `<style>` element of the page, whatever its depth. */
function scriptAndStyleTexts(source: string): string[] {
  const texts: string[] = [];
  const stack: { childNodes?: unknown[] }[] = [parse(source) as never];
  while (stack.length > 0) {
    const node = stack.pop() as { tagName?: string; childNodes?: unknown[]; value?: string };
    for (const child of (node.childNodes ?? []) as {
      tagName?: string;
      childNodes?: unknown[];
      value?: string;
    }[]) {
      if ((node.tagName === 'script' || node.tagName === 'style') && child.value)
        texts.push(child.value);
      stack.push(child);
    }
  }
  return texts;
}

describe('HTML corpus', () => {
  it('holds the 130 pages docs/document-model.md counts', () => {
    expect(files).toHaveLength(130);
  });

  it('parses every page with faithful spans, source spans and no script or style text', async () => {
    const docs: CairnDocument[] = [];
    for (const file of files) {
      const doc = await parseFile(file);
      assertDocumentInvariants(doc);
      const source = readFileSync(file, 'utf8').replace(/^\ufeff/, '');
      const sourceLength = Array.from(source).length;
      const chars = Array.from(doc.canonical);
      for (const block of doc.blocks) {
        expect(
          sliceCodePoints(chars, block.span),
          `${basename(file)} block ${block.index}`,
        ).toMatch(/\S/u);
        expect(block.source_span!.end).toBeLessThanOrEqual(sourceLength);
        expect(block.source_span!.start).toBeLessThan(block.source_span!.end);
      }
      // a distinctive line of any script or stylesheet never reaches the text layer
      for (const text of scriptAndStyleTexts(source)) {
        const line = text
          .split('\n')
          .map((l) => l.trim())
          .find((l) => l.length >= 40);
        if (line)
          expect(doc.canonical, `${basename(file)} shows script/style text`).not.toContain(line);
      }
      docs.push(doc);
    }
    // every page has text; short ones are the reader-mode suite's few-line fixtures
    expect(docs.every((d) => d.length > 0)).toBe(true);
    expect(docs.filter((d) => d.length >= 500).length).toBeGreaterThanOrEqual(120);
    expect(docs.filter((d) => d.sections.length > 0).length).toBeGreaterThanOrEqual(115);
    // lists in the article: most pages' other lists are navigation menus, now furniture
    // (85 pages had a list block when every block counted)
    expect(
      docs.filter((d) => d.blocks.some((b) => b.type === 'list')).length,
    ).toBeGreaterThanOrEqual(35);
    expect(
      docs.filter((d) => d.blocks.some((b) => b.type === 'furniture')).length,
    ).toBeGreaterThanOrEqual(95);
    expect(
      docs.filter((d) => d.blocks.some((b) => b.type === 'table')).length,
    ).toBeGreaterThanOrEqual(8); // tables in the article: 10 pages counted layout tables of furniture too
    expect(
      docs.filter((d) => d.blocks.some((b) => b.type === 'code')).length,
    ).toBeGreaterThanOrEqual(8);
    expect(docs.filter((d) => d.title !== null).length).toBeGreaterThanOrEqual(125);
  }, 120_000);

  it('drops the hidden text of the reader-mode fixtures made to test it', async () => {
    const hidden = await parseFile(corpusPath('html', 'hidden-nodes.html'));
    expect(hidden.sections.map((s) => s.title)).toEqual([
      'Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy eirmod tempor invidunt',
      'Secondary header',
      'Third header',
    ]);
    expect(hidden.blocks.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'heading',
    ]);
    const visibility = await parseFile(corpusPath('html', 'visibility-hidden.html'));
    expect(visibility.canonical).not.toContain('consectetur adipisicing');
    expect(visibility.canonical).not.toContain('Iframe fallback');
    expect(visibility.canonical).toContain('Tempor incididunt');
    const aria = await parseFile(corpusPath('html', 'remove-aria-hidden.html'));
    expect(aria.canonical).not.toContain('WRONG');
    expect(aria.canonical.startsWith('Lorem\n\nLorem ipsum dolor sit amet')).toBe(true);
  });

  it('decodes a page whose meta says gb2312 but whose bytes are UTF-8', async () => {
    const doc = await parseFile(corpusPath('html', 'qq.html'));
    expect(doc.canonical).not.toContain('\ufffd');
    expect(doc.canonical).toMatch(/[\u4e00-\u9fff]{4}/u);
  });

  it('keeps the section tree and block types of a real article (golden)', async () => {
    const doc = await parseFile(corpusPath('html', 'v8-blog.html'));
    assertDocumentInvariants(doc);
    const blockTypes: Record<string, number> = {};
    for (const b of doc.blocks) blockTypes[b.type] = (blockTypes[b.type] ?? 0) + 1;
    const line = (value: unknown): string => `    ${JSON.stringify(value)}`;
    const golden = [
      '{',
      `  "title": ${JSON.stringify(doc.title)},`,
      `  "length": ${doc.length},`,
      `  "block_types": ${JSON.stringify(blockTypes)},`,
      '  "sections": [',
      doc.sections
        .map((s) =>
          line({
            sect_path: s.sect_path,
            level: s.level,
            title: s.title,
            span: [s.span.start, s.span.end],
          }),
        )
        .join(',\n'),
      '  ],',
      '  "blocks": [',
      doc.blocks
        .map((b) => {
          const where = `${b.span.start}..${b.span.end} src ${b.source_span!.start}..${b.source_span!.end}`;
          return line(
            `${b.type}${b.depth ?? ''} s${doc.sections[b.section!]?.sect_path ?? '-'} ${where}${b.lang ? ` lang ${b.lang}` : ''}`,
          );
        })
        .join(',\n'),
      '  ]',
      '}',
      '',
    ].join('\n');
    await expect(golden).toMatchFileSnapshot('../golden/html-v8-blog.json');
  });
});
