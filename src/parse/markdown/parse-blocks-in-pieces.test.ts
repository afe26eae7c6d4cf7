import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { corpusFiles } from '../../../test/corpora.js';
import { findPieceStarts } from './find-piece-starts.js';
import { parseBlocksInPieces } from './parse-blocks-in-pieces.js';
import { parseTopBlocks } from './top-blocks.js';

/** Piece by piece and whole must give the same blocks, offsets included. */
function expectSameBlocks(markdown: string, pieceUnits: number): void {
  expect(parseBlocksInPieces(markdown, pieceUnits)).toEqual(parseTopBlocks(markdown));
}

/** Lines that open, close or sit inside the constructs a cut must not split. */
const LINES = [
  '# Heading',
  '## Sub heading',
  '###### Six',
  '#NotAHeading',
  '####### seven',
  ' # indented heading',
  '    # indented code',
  'Plain paragraph text.',
  'Setext underline',
  '===',
  '---',
  '+++',
  '```',
  '````',
  '```rust',
  '```a`b',
  '~~~',
  '~~~~ info `x`',
  '   ```',
  '    ```',
  '- list item',
  '  continued item',
  '1. ordered',
  '2. ordered on',
  '7) other delimiter',
  '* star item',
  '+ plus item',
  '-\ttab item',
  '-     five spaces',
  '   - indented item',
  '  - nested item',
  '- - -',
  '* * *',
  '-',
  '1.',
  '- [ ] task',
  '-- not an item',
  '    - code item',
  '> quote',
  '> # quoted heading',
  '> ```',
  '- ```',
  '| a | b |',
  '|---|---|',
  '|:--|--:|',
  '| c |',
  '  | indented row |',
  '| trailing space |  ',
  'a | b',
  '|',
  '> | quoted row |',
  '- | listed row |',
  '    | code row |',
  '[ref]: http://example.com',
  "  'title",
  '[^1]: footnote',
  '<div>',
  '</div>',
  '<!-- comment',
  '-->',
  '<pre>',
  '</pre>',
  '$$',
  '$$$',
  '$$ x $$',
  '$x$',
  'lazy continuation',
  '  indented text',
  '\t- tab item',
  '> > nested quote',
  '>',
  'x\r# after a lone CR',
  '',
  '',
  '',
];

describe('parseBlocksInPieces', () => {
  test('cuts eCFR at headings and gives exactly the blocks of the whole parse', () => {
    const files = corpusFiles('ecfr/title-15', ['.md']).slice(0, 4);
    expect(files.length).toBeGreaterThan(0);
    let cuts = 0;
    for (const file of files) {
      const markdown = readFileSync(file, 'utf8');
      cuts += findPieceStarts(markdown, 4096).length;
      expectSameBlocks(markdown, 4096);
    }
    expect(cuts).toBeGreaterThan(10);
  });

  test('every rustbook chapter, cut wherever allowed, parses to the same blocks', () => {
    // most chapters hold code fences and are not cut; the rest are, at every heading
    let cuts = 0;
    for (const file of corpusFiles('rustbook', ['.md'])) {
      const markdown = readFileSync(file, 'utf8');
      cuts += findPieceStarts(markdown, 1).length;
      expectSameBlocks(markdown, 1);
    }
    expect(cuts).toBeGreaterThan(0);
  });

  test('property: any mix of headings, fences, lists, quotes, tables and front matter parses the same in pieces', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { maxLength: 60 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (lines, eol, bom) => {
          const markdown = `${bom ? '\ufeff' : ''}${lines.join(eol)}`;
          for (const start of findPieceStarts(markdown, 1)) {
            expect(markdown.slice(start)).toMatch(/^#{1,6}(?:[ \t]|\r?$|\r?\n)/);
          }
          // parts of one line, of a few lines, of many
          for (const pieceUnits of [1, 12, 60]) expectSameBlocks(markdown, pieceUnits);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('property: lines built from indents, markers and text parse the same in parts of any size', () => {
    // covers a table whose head row, reparsed alone before the next part, must not open a list
    const indent = fc.constantFrom('', ' ', '  ', '   ', '    ', '\t', '     ');
    const marker = fc.constantFrom(
      ...['', '- ', '* ', '+ ', '1. ', '2) ', '10. ', '> ', '>', '# ', '## ', '| ', '```'],
      ...['~~~', '$$', '<div>', '<!--', '-->', '[a]: /u', '[^1]: ', '---', '***', '===', '-'],
      ...['- [ ] ', '> - ', '- > ', '| --- |', '|---|---|'],
    );
    const text = fc.constantFrom(
      '',
      'text',
      'a | b',
      'x',
      'more words',
      '`code`',
      '$m$',
      '\\',
      '   ',
    );
    const line = fc.tuple(indent, marker, text).map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.constantFrom('\n', '\r\n'),
        (lines, eol) => {
          const markdown = lines.join(eol);
          const whole = parseTopBlocks(markdown);
          for (const pieceUnits of [1, 7, 30])
            expect(parseBlocksInPieces(markdown, pieceUnits)).toEqual(whole);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('property: long documents of mixed lines parse the same in parts of 40 and 200 units', () => {
    // definitions followed by a setext heading, which starts where they do: a part parsed
    // again from the heading's start must not give the definitions twice
    const items = (n: number) => '- item\n'.repeat(n);
    expectSameBlocks(
      `\`\`\`\n${items(6)}\`\`\`\n${items(7)}\n[x]: /y\ncode line\n---\n${items(12)}# H\n${items(20)}`,
      100,
    );
    const line = fc.constantFrom(
      ...['- item', '* star', '1. one', '2. two', '   - nested', '  more', '', '```', 'code line'],
      ...['| a | b |', '|---|---|', '> quote', 'para text', '# H', '    indented', '$$', '<div>'],
      ...['[x]: /y', '---', '- - -', '>', '> ```', '> <div>', '> - item', '>> deeper', 'lazy'],
      ...['<table>', '<td>cell</td>', '<!--', '-->', '<pre>', '</pre>', '<x-y>', '  <p>'],
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 50, maxLength: 300 }), (lines) => {
        const markdown = lines.join('\n');
        const whole = parseTopBlocks(markdown);
        for (const pieceUnits of [40, 200])
          expect(parseBlocksInPieces(markdown, pieceUnits)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  test('a long table is parsed a few rows at a time, to the same blocks as the whole', () => {
    const rows = Array.from({ length: 400 }, (_, i) => `| row ${i} | \u00e9 ${i} |`);
    for (const eol of ['\n', '\r\n'])
      for (const before of ['', '\ufeff', '# T\n\ntext\n', '```\ncode\n```\n'])
        for (const after of ['', '\n', '\n\nafter', '\n# H', '\n> quote'])
          expectSameBlocks(`${before}| a | b |${eol}|---|---|${eol}${rows.join(eol)}${after}`, 200);
    // a head row that is paragraph text only after indented code: alone it opens a list, so the
    // table is not continued behind it but parsed again whole
    for (const pieceUnits of [1, 7, 30]) {
      expectSameBlocks('\t<!--\n10. \n| --- |\n| ', pieceUnits);
      expectSameBlocks(`\tcode\n2. x\n| --- |\n${'| row |\n'.repeat(50)}`, pieceUnits);
    }
  });

  test('a long list is parsed a few items at a time, to the same blocks as the whole', () => {
    const items = (marker: (i: number) => string) =>
      Array.from({ length: 300 }, (_, i) => `${marker(i)} item ${i} \u00e9`);
    const lists = [
      items(() => '-'),
      items(() => '*'),
      items((i) => `${i + 1}.`),
      items((i) => `${i + 1})`),
      // loose, with lazy lines, nested items, code, quotes and a change of marker half-way
      items((i) => (i % 7 === 0 ? '\n-' : '-')),
      items((i) => (i % 5 === 0 ? '- lazy\nline\n-' : '-')),
      items((i) => (i % 3 === 0 ? '-   nested\n  - inner\n\n    ```\n    code\n-' : '-')),
      items((i) => (i % 11 === 0 ? '- > quote\n-' : '-')),
      items((i) => (i === 150 ? '*' : '-')),
      items((i) => (i % 9 === 0 ? '- - -\n-' : '-')),
    ];
    for (const eol of ['\n', '\r\n'])
      for (const before of ['', '\ufeff', '# T\n\ntext\n', '```\ncode\n```\n'])
        for (const after of ['', '\n', '\n\nafter', '\n# H'])
          for (const list of lists)
            expectSameBlocks(`${before}${list.join('\n').replaceAll('\n', eol)}${after}`, 200);
  });

  test('a long list parsed in parts of 4096 units is one list block over all its items', () => {
    const list = Array.from({ length: 20_000 }, (_, i) => `- item ${i}`).join('\n');
    const blocks = parseBlocksInPieces(list, 4096);
    expect(blocks).toEqual([{ type: 'list', start: 0, end: list.length }]);
  });

  test('a long block quote is parsed a part at a time, to the same blocks as the whole', () => {
    const paragraphs = (inside: (i: number) => string) =>
      Array.from({ length: 200 }, (_, i) => `> ${inside(i)} \u00e9 ${i}\n> second line\n>`);
    const quotes = [
      paragraphs(() => 'Quoted'),
      // lazy lines, nested quotes, lists, headings and a rule inside
      paragraphs((i) => (i % 7 === 0 ? 'lazy\nline' : 'Quoted')),
      paragraphs((i) => (i % 5 === 0 ? '> nested\n> > deeper' : 'Quoted')),
      paragraphs((i) => (i % 3 === 0 ? '- item\n>   - inner\n>\n> - loose' : 'Quoted')),
      paragraphs((i) => (i % 4 === 0 ? '# heading\n> ---' : 'Quoted')),
      // a fence, math or HTML holding blank quote lines: their lines are content, never cuts
      paragraphs((i) => (i % 6 === 0 ? '```\n> code\n>\n> more code\n> ```' : 'Quoted')),
      paragraphs((i) => (i % 6 === 0 ? '$$\n> x\n>\n> y\n> $$' : 'Quoted')),
      paragraphs((i) => (i % 6 === 0 ? '<!--\n>\n> hidden\n> -->' : 'Quoted')),
      paragraphs((i) => (i === 30 ? '```\n> never closed' : 'Quoted')),
      paragraphs((i) => (i % 8 === 0 ? '<div>\n> html\n>\n> after' : 'Quoted')),
      paragraphs((i) => (i % 9 === 0 ? '    indented code\n>\n>     more' : 'Quoted')),
    ];
    for (const eol of ['\n', '\r\n'])
      for (const before of ['', '\ufeff', '# T\n\ntext\n', '- list\n'])
        for (const after of ['', '\n', '\nlazy after', '\n\nafter', '\n# H'])
          for (const quote of quotes)
            expectSameBlocks(`${before}${quote.join('\n').replaceAll('\n', eol)}${after}`, 200);
  });

  test('a long block quote parsed in parts of 4096 units is one block quote', () => {
    const quote = Array.from({ length: 5000 }, (_, i) => `> line ${i}\n>`).join('\n');
    expect(parseBlocksInPieces(quote, 4096)).toEqual([
      { type: 'blockquote', start: 0, end: quote.length },
    ]);
  });

  test('a long HTML block of any kind is parsed a part at a time, to the same blocks as the whole', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `<tr><td>${i}</td><td>\u00e9</td></tr>`);
    for (const [open, close] of [
      ['<table>', '</table>'],
      ['  <div class="x">', '</div>'],
      ['<custom-element>', '</custom-element>'],
      ['<!--', '-->'],
      ['<pre>', '</pre>'],
      ['<?php', '?>'],
      ['<![CDATA[', ']]>'],
      ['<!DOCTYPE html', '>'],
      ['<script>', '</SCRIPT>'],
      ['<!-- -->', 'after a closed comment'],
      ['<pre>', '</pre> and text'],
    ])
      for (const eol of ['\n', '\r\n'])
        for (const before of ['', '# T\n\n', 'text\n\n'])
          for (const after of ['', '\nafter', '\n\n- list', '\n\n# H'])
            for (const body of [rows, rows.map((row, i) => (i % 40 === 0 ? `${close}` : row))])
              expectSameBlocks(`${before}${[open, ...body, close].join(eol)}${after}`, 200);
  });

  test('a long fenced code or math block is parsed a part at a time, to the same blocks as the whole', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `let x${i} = "\u00e9";`);
    for (const [open, close] of [
      ['```rust', '```'],
      ['~~~~', '~~~~'],
      ['  ```', '   ```'],
      ['$$', '$$'],
      ['```', '````'],
      ['```', '``` not a close'],
    ])
      for (const eol of ['\n', '\r\n'])
        for (const after of ['', '\nafter', '\n\n- list'])
          for (const body of [lines, lines.map((line, i) => (i % 50 === 0 ? '```' : line))])
            expectSameBlocks(`# T${eol}${[open, ...body, close].join(eol)}${after}`, 200);
  });

  test('a long document without headings is parsed a part at a time, to the same blocks as the whole', () => {
    const chapter = readFileSync(corpusFiles('rustbook', ['.md'])[20]!, 'utf8');
    const noHeadings = chapter.replace(/^#+ /gm, '');
    for (const pieceUnits of [256, 1024, 4096]) {
      expectSameBlocks(chapter, pieceUnits);
      expectSameBlocks(noHeadings, pieceUnits);
    }
  });

  test('documents with HTML blocks, math fences, lone CRs or unclosed front matter are not cut', () => {
    const body = '# A\n\ntext\n\n# B\n\nmore\n';
    expect(findPieceStarts(body, 1)).toEqual([body.indexOf('# B')]);
    for (const markdown of [
      `<div>\n\n${body}`,
      `\`\`\`\ncode\n\`\`\`\n${body}`,
      `- item\n\n  ~~~\n${body}`,
      `> \`\`\`\n${body}`,
      `$$\nx\n$$\n${body}`,
      `a\rb\n${body}`,
      `---\ntitle: x\n${body}`,
    ])
      expect(findPieceStarts(markdown, 1)).toEqual([]);
    // closed front matter: its '# comment' lines are not cuts, the headings after it are
    const withFrontMatter = `---\n# yaml comment\n---\n${body}`;
    expect(findPieceStarts(withFrontMatter, 1)).toEqual([
      withFrontMatter.indexOf('# A'),
      withFrontMatter.indexOf('# B'),
    ]);
    expectSameBlocks(withFrontMatter, 1);
  });
});
