import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../../src/errors.js';
import { parseDocument } from '../../src/parse/parse-document.js';
import type { CairnDocument } from '../../src/types.js';
import { corpusFiles, corpusPath } from '../corpora.js';
import { nastyText } from '../support/arbitraries.js';
import { assertDocumentInvariants, sliceCodePoints } from '../support/assert-document.js';

const parseNotebookBytes = (bytes: Uint8Array, notebook_outputs = false): Promise<CairnDocument> =>
  parseDocument({ bytes, source_url: 'book.ipynb', options: { notebook_outputs } });
const parseNotebookValue = (value: unknown, notebook_outputs = false) =>
  parseNotebookBytes(Buffer.from(JSON.stringify(value)), notebook_outputs);

async function errorOf(
  run: () => Promise<unknown>,
): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  try {
    await run();
  } catch (error) {
    if (isCairnError(error))
      return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a CairnError, got success');
}

const textOf = (doc: CairnDocument): ((i: number) => string) => {
  const chars = Array.from(doc.canonical);
  return (i) => sliceCodePoints(chars, doc.blocks[i]!.span);
};

/** What a code cell's block must hold: the source without leading blank lines and trailing whitespace. */
const codeText = (source: string): string =>
  source.replace(/^(?:[ \t]*(?:\r\n|\n|\r))*/, '').trimEnd();

const joinSource = (source: string | string[]): string =>
  Array.isArray(source) ? source.join('') : source;

const PNG = 'iVBORw0KGgoAAAANSUhEUgBINARYPNGDATA';

describe('notebook parser: real data', () => {
  const files = corpusFiles('ipynb', ['.ipynb']);
  // [sections, blocks] without outputs, pinned so that a change in how notebooks parse shows here
  const COUNTS: Record<string, [number, number]> = {
    'Connecting-with-the-Qt-Console.ipynb': [4, 17],
    'Custom-Keyboard-Shortcuts.ipynb': [1, 4],
    'Importing-Notebooks.ipynb': [6, 51],
    'Notebook-Basics.ipynb': [8, 45],
    'Running-Code.ipynb': [8, 30],
    // 57 since markdown-it-math: `$$\begin{eqnarray} ...\end{eqnarray}$$` closes at its last line, as
    // Jupyter shows it; micromark's math fence closed only at a `$$` line, one block too late
    'Typesetting-Equations.ipynb': [29, 57],
    'What-is-the-Jupyter-Notebook.ipynb': [6, 24],
    'Working-With-Markdown-Cells.ipynb': [10, 66],
    'autoscroll.ipynb': [0, 2],
    'empty.ipynb': [0, 0],
    'local_links.ipynb': [1, 3],
    'simple.ipynb': [1, 1],
    'simple_toc.ipynb': [5, 5],
  };

  it('finds all 13 notebooks', () => {
    expect(files.map((f) => basename(f)).sort()).toEqual(Object.keys(COUNTS).sort());
  });

  it.each(files.map((f) => [basename(f), f]))(
    'parses %s: cells in order, code cells whole',
    async (name, path) => {
      const bytes = readFileSync(path);
      const doc = await parseNotebookBytes(bytes);
      assertDocumentInvariants(doc);
      expect([doc.sections.length, doc.blocks.length]).toEqual(COUNTS[name]);
      const notebook = JSON.parse(bytes.toString('utf8'));
      const sources: string[] = notebook.cells.map((cell: { source: string | string[] }) =>
        joinSource(cell.source),
      );
      expect(doc.canonical).toBe(sources.filter((s) => s.trim() !== '').join('\n\n'));
      const text = textOf(doc);
      notebook.cells.forEach((cell: { cell_type: string }, index: number) => {
        if (cell.cell_type !== 'code' || sources[index]!.trim() === '') return;
        const blocks = doc.blocks.filter((b) => b.cell === index);
        expect(blocks).toHaveLength(1);
        expect(blocks[0]).toMatchObject({ type: 'code', lang: 'python' });
        expect(text(blocks[0]!.index)).toBe(codeText(sources[index]!));
      });
      expect(doc.blocks.every((b) => b.cell !== undefined && b.type !== 'output')).toBe(true);
      expect(await parseNotebookBytes(bytes)).toEqual(doc);
    },
  );

  it('adds the stream outputs of Running-Code.ipynb after their cells when asked', async () => {
    const bytes = readFileSync(corpusPath('ipynb', 'Running-Code.ipynb'));
    const doc = await parseNotebookBytes(bytes, true);
    assertDocumentInvariants(doc);
    const outputs = doc.blocks.filter((b) => b.type === 'output');
    expect(outputs.map((b) => b.cell)).toEqual([5, 18, 19, 22, 25, 27]);
    const text = textOf(doc);
    expect(text(outputs[0]!.index)).toBe('10');
    expect(text(outputs[1]!.index)).toBe('hi, stdout');
    for (const output of outputs)
      expect(doc.blocks[output.index - 1]).toMatchObject({ type: 'code', cell: output.cell });
  });

  it('matches the golden section tree and block types of Typesetting-Equations.ipynb', async () => {
    const doc = await parseNotebookBytes(
      readFileSync(corpusPath('ipynb', 'Typesetting-Equations.ipynb')),
    );
    assertDocumentInvariants(doc);
    expect(doc.blocks.filter((b) => b.type === 'formula').length).toBeGreaterThanOrEqual(8);
    const projection = {
      sections: doc.sections.map((s) => ({
        sect_path: s.sect_path,
        level: s.level,
        title: s.title,
        span: [s.span.start, s.span.end],
      })),
      blocks: doc.blocks.map((b) => ({
        type: b.type,
        cell: b.cell,
        section: b.section === null ? null : doc.sections[b.section]!.sect_path,
        span: [b.span.start, b.span.end],
      })),
    };
    // one line per section and per block: diffs of the golden file read as tree changes
    const lines = (rows: object[]) => rows.map((row) => `    ${JSON.stringify(row)}`).join(',\n');
    const golden = `{\n  "sections": [\n${lines(projection.sections)}\n  ],\n  "blocks": [\n${lines(projection.blocks)}\n  ]\n}\n`;
    expect(JSON.parse(golden)).toEqual(projection);
    await expect(golden).toMatchFileSnapshot('../golden/ipynb-typesetting-equations.json');
  });
});

const cellSource = fc.oneof(
  nastyText(30),
  // nbformat's array form: lines that keep their newline
  fc.array(nastyText(6), { maxLength: 5 }).map((lines) => lines.map((line) => `${line}\n`)),
  fc
    .tuple(fc.integer({ min: 1, max: 6 }), nastyText(4), nastyText(20))
    .map(([depth, title, body]) => `${'#'.repeat(depth)} ${title}\n${body}`),
  fc.constantFrom(
    '# Title\n\ntext',
    '## Sub *x*\n',
    '$$\nx^2\n$$',
    '$\\begin{align}a\\end{align}$',
    '   \n',
    '',
  ),
);
const output = fc.oneof(
  fc.record({ output_type: fc.constant('stream'), name: fc.constant('stdout'), text: cellSource }),
  fc.record({
    output_type: fc.constantFrom('execute_result', 'display_data'),
    data: fc.oneof(
      fc.record({ 'text/plain': cellSource, 'image/png': fc.constant(PNG) }),
      fc.constant({ 'image/png': PNG }),
    ),
    metadata: fc.constant({}),
  }),
  fc.constant({ output_type: 'error', ename: 'E', evalue: 'v', traceback: ['t'] }),
);
const cell = fc.oneof(
  fc.record({ cell_type: fc.constant('markdown'), metadata: fc.constant({}), source: cellSource }),
  fc.record({ cell_type: fc.constant('raw'), metadata: fc.constant({}), source: cellSource }),
  fc.record({
    cell_type: fc.constant('code'),
    metadata: fc.constant({}),
    source: cellSource,
    outputs: fc.array(output, { maxLength: 3 }),
    execution_count: fc.constant(null),
  }),
);
const notebook = fc.record({
  nbformat: fc.constant(4),
  nbformat_minor: fc.constant(5),
  metadata: fc.constant({ kernelspec: { language: 'julia' } }),
  cells: fc.array(cell, { maxLength: 8 }),
});

type GeneratedOutput = {
  output_type: string;
  text?: string | string[];
  data?: Record<string, string | string[]>;
};
type GeneratedCell = { cell_type: string; source: string | string[]; outputs?: GeneratedOutput[] };

describe('notebook parser: properties', () => {
  it('keeps spans exact and every cell and text output, in order, for any notebook', async () => {
    const seen = { code: 0, output: 0, sections: 0 };
    await fc.assert(
      fc.asyncProperty(notebook, fc.boolean(), async (nb, withOutputs) => {
        const doc = await parseNotebookValue(nb, withOutputs);
        assertDocumentInvariants(doc);
        const pieces: string[] = [];
        for (const c of nb.cells as GeneratedCell[]) {
          pieces.push(joinSource(c.source));
          if (!withOutputs) continue;
          for (const o of c.outputs ?? []) {
            if (o.output_type === 'stream') pieces.push(joinSource(o.text!));
            else if (o.data?.['text/plain'] !== undefined)
              pieces.push(joinSource(o.data['text/plain']));
          }
        }
        expect(doc.canonical).toBe(pieces.filter((p) => p.trim() !== '').join('\n\n'));
        expect(doc.canonical).not.toContain(PNG);
        const text = textOf(doc);
        let lastCell = -1;
        for (const block of doc.blocks) {
          expect(block.cell).toBeGreaterThanOrEqual(lastCell);
          lastCell = block.cell!;
          const source = joinSource((nb.cells[block.cell!] as GeneratedCell).source);
          if (block.type === 'code' && nb.cells[block.cell!]!.cell_type === 'code') {
            expect(block.lang).toBe('julia');
            expect(text(block.index)).toBe(codeText(source));
          }
        }
        expect(await parseNotebookValue(nb, withOutputs)).toEqual(doc);
        seen.code += doc.blocks.filter((b) => b.type === 'code').length;
        seen.output += doc.blocks.filter((b) => b.type === 'output').length;
        seen.sections += doc.sections.length;
      }),
      // the coverage counts below need at least this many cases
      { numRuns: Math.max(200, fc.readConfigureGlobal().numRuns ?? 0) },
    );
    expect(seen.code).toBeGreaterThan(50);
    expect(seen.output).toBeGreaterThan(30);
    expect(seen.sections).toBeGreaterThan(30);
  });
});

const cellOf = (cell_type: string, source: string | string[], extra: object = {}) => ({
  cell_type,
  metadata: {},
  source,
  ...extra,
});
const nb4 = (cells: unknown[], metadata: object = {}) => ({
  nbformat: 4,
  nbformat_minor: 5,
  metadata,
  cells,
});

describe('notebook parser: cells', () => {
  it('reads code language from language_info, then kernelspec, else none', async () => {
    const cells = [cellOf('code', 'x = 1')];
    const lang = async (metadata: object) =>
      (await parseNotebookValue(nb4(cells, metadata))).blocks[0]!.lang;
    expect(await lang({ language_info: { name: 'R' }, kernelspec: { language: 'python' } })).toBe(
      'R',
    );
    expect(await lang({ kernelspec: { language: 'python' } })).toBe('python');
    expect(await lang({})).toBeUndefined();
  });

  it('makes a raw cell (and a cell type nbformat 4 does not know) one paragraph', async () => {
    const doc = await parseNotebookValue(
      nb4([cellOf('raw', '\n.. rst:: x\n\nmore\n'), cellOf('heading', 'old')]),
    );
    expect(doc.blocks.map((b) => [b.type, b.cell, textOf(doc)(b.index)])).toEqual([
      ['paragraph', 0, '.. rst:: x\n\nmore'],
      ['paragraph', 1, 'old'],
    ]);
  });

  it('opens sections at Markdown headings that run on across code cells', async () => {
    const doc = await parseNotebookValue(
      nb4([
        cellOf('markdown', '# A\n\nintro'),
        cellOf('code', 'a()'),
        cellOf('markdown', '## B'),
        cellOf('code', 'b()'),
      ]),
    );
    expect(doc.sections.map((s) => [s.sect_path, s.title])).toEqual([
      ['1', 'A'],
      ['1.1', 'B'],
    ]);
    expect(doc.blocks.map((b) => [b.type, b.section])).toEqual([
      ['heading', 0],
      ['paragraph', 0],
      ['code', 0],
      ['heading', 1],
      ['code', 1],
    ]);
  });

  it('makes $$ blocks and paragraphs of one math span formula blocks', async () => {
    const doc = await parseNotebookValue(
      nb4([cellOf('markdown', '$$\nE = mc^2\n$$\n\n$\\begin{align}a\\end{align}$\n\ntext $x$')]),
    );
    expect(doc.blocks.map((b) => b.type)).toEqual(['formula', 'formula', 'paragraph']);
  });

  it('skips binary and error outputs, keeps text ones only when asked', async () => {
    const nb = nb4([
      cellOf('code', 'plot()', {
        outputs: [
          {
            output_type: 'display_data',
            data: { 'image/png': PNG, 'text/plain': ['<Figure>'] },
            metadata: {},
          },
          { output_type: 'display_data', data: { 'image/png': PNG }, metadata: {} },
          { output_type: 'error', ename: 'E', evalue: 'v', traceback: [] },
          { output_type: 'stream', name: 'stderr', text: 'warn\n' },
        ],
      }),
    ]);
    expect((await parseNotebookValue(nb)).canonical).toBe('plot()');
    const doc = await parseNotebookValue(nb, true);
    expect(doc.canonical).toBe('plot()\n\n<Figure>\n\nwarn\n');
    expect(doc.blocks.map((b) => [b.type, b.cell])).toEqual([
      ['code', 0],
      ['output', 0],
      ['output', 0],
    ]);
  });
});

describe('notebook parser: bad input', () => {
  it.each([
    ['zero bytes', ''],
    ['whitespace', ' \n'],
    ['no cells', JSON.stringify(nb4([]))],
    ['only blank cells', JSON.stringify(nb4([cellOf('code', []), cellOf('markdown', ['  \n'])]))],
  ])('gives an empty model for %s', async (_, text) => {
    const doc = await parseNotebookBytes(Buffer.from(text));
    expect(doc).toMatchObject({ canonical: '', blocks: [], sections: [], format: 'ipynb' });
  });

  it.each([
    [
      'a notebook without cells',
      { nbformat: 4, nbformat_minor: 5, metadata: {} },
      /"cells" is missing/,
    ],
    [
      'nbformat 3',
      { nbformat: 3, nbformat_minor: 0, worksheets: [{ cells: [] }] },
      /nbformat 3 is not supported/,
    ],
    ['no nbformat', { cells: [] }, /no numeric "nbformat"/],
    ['a top-level array', [1, 2], /top level is an array/],
    [
      'cells that are not an array',
      { nbformat: 4, cells: {} },
      /"cells" is an object, not an array/,
    ],
    [
      'a source that is a number',
      nb4([cellOf('markdown', 'ok'), { cell_type: 'code', source: 42 }]),
      /cell 1 "source"/,
    ],
    ['a cell without cell_type', nb4([{ source: 'x' }]), /cell 0 has no "cell_type"/],
  ])('refuses %s as malformed_notebook', async (_, value, message) => {
    const error = await errorOf(() => parseNotebookValue(value));
    expect(error.code).toBe('malformed_notebook');
    expect(error.message).toMatch(message);
  });

  it('refuses broken JSON as malformed_json with its line and column', async () => {
    const error = await errorOf(() =>
      parseNotebookBytes(Buffer.from('{\n "nbformat": 4,\n "cells": [}\n')),
    );
    expect(error).toMatchObject({ code: 'malformed_json', details: { line: 3, column: 12 } });
  });

  it('refuses zip bytes renamed .ipynb, invalid UTF-8 and deep nesting with their codes', async () => {
    const zip = Buffer.from('504b0304140000000800', 'hex');
    expect(await errorOf(() => parseNotebookBytes(zip))).toMatchObject({ code: 'binary_input' });
    const bad = Buffer.concat([
      Buffer.from('{"cells": ["'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('"]}'),
    ]);
    expect(await errorOf(() => parseNotebookBytes(bad))).toMatchObject({
      code: 'invalid_utf8',
      details: { byte_offset: 12 },
    });
    const deep = `{"nbformat": 4, "cells": ${'['.repeat(1e6)}${']'.repeat(1e6)}}`;
    expect(await errorOf(() => parseNotebookBytes(Buffer.from(deep)))).toMatchObject({
      code: 'json_too_deep',
    });
  });

  it('refuses a Markdown cell nested too deep naming the notebook, the cell and its line', async () => {
    const deep = nb4([
      cellOf('markdown', '# ok'),
      cellOf('markdown', `x\n${'> '.repeat(50_000)}y`),
    ]);
    const error = await errorOf(() => parseNotebookValue(deep));
    expect(error.code).toBe('markdown_too_deep');
    expect(error.message).toBe(
      'Markdown nested deeper than 32 containers at line 2 of cell 1 of book.ipynb',
    );
    expect(error.details).toMatchObject({ source: 'book.ipynb', cell: 1, line: 2 });
  });

  it('reads a __proto__ key in a notebook as data', async () => {
    const text =
      '{"nbformat": 4, "__proto__": {"polluted": 1}, "metadata": {"__proto__": {"x": 1}}, "cells": []}';
    const doc = await parseNotebookBytes(Buffer.from(text));
    expect(doc.blocks).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
