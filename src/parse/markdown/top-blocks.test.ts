import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { RootContent } from 'mdast';
import { describe, expect, test } from 'vitest';
import { corpusFiles } from '../../../test/corpora.js';
import { parseMdastBlocks } from './parse-mdast.js';
import { parseTopBlocks, type TopBlock } from './top-blocks.js';

/** The reference `parseTopBlocks` must match: the blocks read from mdast's root children. */
function fromTree(node: RootContent): TopBlock {
  const block: TopBlock = {
    type: node.type as TopBlock['type'],
    start: node.position!.start.offset!,
    end: node.position!.end.offset!,
  };
  if (node.type === 'heading') {
    const first = node.children[0]?.position;
    const last = node.children.at(-1)?.position;
    block.content = first && last ? { start: first.start.offset!, end: last.end.offset! } : null;
    block.depth = node.depth;
  } else if (node.type === 'paragraph') {
    const parts = node.children.filter(
      (child) => !(child.type === 'text' && child.value.trim() === ''),
    );
    block.soleInlineMath = parts.length === 1 && parts[0]!.type === 'inlineMath';
  } else if (node.type === 'code' && node.lang) {
    block.lang = node.lang;
  } else if (node.type === 'yaml' || (node as { type: string }).type === 'toml') {
    block.value = (node as { value: string }).value;
  }
  return block;
}

function expectSameAsTree(markdown: string): void {
  expect(parseTopBlocks(markdown)).toEqual(parseMdastBlocks(markdown).children.map(fromTree));
}

/** Lines that open, close or sit inside every construct the block parse knows. */
const LINES = [
  '# Heading',
  '## Heading with `code` and *emphasis*   ',
  '### $x$',
  '#',
  '## Closed ##',
  '###### Six',
  ' # indented heading',
  '    indented code',
  '\tindented by a tab',
  'Plain paragraph text.',
  'text with a trailing hard break  ',
  'text ending in a tab\t',
  'text ending in one space ',
  '   text after spaces',
  'costs $5, not $6 \t',
  'text with an escape \\',
  '$x^2$',
  '  $\\begin{align}a\\end{align}$  ',
  '$$x$$',
  '$a$ and $b$',
  '$5 off, then $',
  'a price of $5',
  '$5 price',
  '$',
  'Setext underline',
  '===',
  '---',
  '+++',
  'title: x',
  'title = "x"',
  '```',
  '```rust ignore',
  '~~~ py&amp; x',
  '   ```',
  '- list item',
  '  continued item',
  '1. ordered',
  '2) second',
  '> quote',
  '> # quoted heading',
  '| a | b |',
  '|---|:-:|',
  'a\t:-',
  'a | b',
  '-|-',
  ' | - | :- |',
  '> | a |',
  '> |-|',
  '  |--|--|',
  '- a | b',
  '1. |:|',
  ':',
  '|',
  '[ref]: http://example.com',
  "  'title'",
  '[^1]: footnote',
  '<div>',
  '</div>',
  '<!-- comment -->',
  '$$',
  '* * *',
  '',
  '',
  '',
];

describe('parseTopBlocks', () => {
  test('gives what mdast gives for every rustbook chapter and the first eCFR chapter of title 15', () => {
    for (const file of corpusFiles('rustbook', ['.md']))
      expectSameAsTree(readFileSync(file, 'utf8'));
    for (const file of corpusFiles('ecfr/title-15', ['.md']).slice(0, 1))
      expectSameAsTree(readFileSync(file, 'utf8'));
  });

  test('gives what mdast gives for every notebook markdown cell', () => {
    for (const file of corpusFiles('ipynb', ['.ipynb'])) {
      const notebook = JSON.parse(readFileSync(file, 'utf8')) as {
        cells: { cell_type: string; source: string | string[] }[];
      };
      for (const cell of notebook.cells) {
        if (cell.cell_type !== 'markdown') continue;
        expectSameAsTree(Array.isArray(cell.source) ? cell.source.join('') : cell.source);
      }
    }
  });

  test('property: any mix of block constructs gives what mdast gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { maxLength: 40 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        (lines, eol, bom) => expectSameAsTree(`${bom ? '\ufeff' : ''}${lines.join(eol)}`),
      ),
      { numRuns: 3000 },
    );
  });
});

describe('parseTopBlocks on long lines', () => {
  test('a table whose head row is followed by its delimiter row is still a table; without one, a paragraph', () => {
    const row = '| a '.repeat(5_000);
    const delimiter = '|---'.repeat(5_000);
    expectSameAsTree(`${row}|\n${delimiter}|\n${row}|\n`);
    expect(parseTopBlocks(`${row}|\n${row}|\n`).map((block) => block.type)).toEqual(['paragraph']);
    expect(parseTopBlocks(`x\n\n> ${row}|\n> ${delimiter}|`).map((block) => block.type)).toEqual([
      'paragraph',
      'blockquote',
    ]);
  });
});
