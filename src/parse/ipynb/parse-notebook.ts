import { CairnError, isCairnError } from '../../errors.js';
import { decodeText } from '../../load/decode-text.js';
import type { CairnDocument } from '../../types.js';
import { DocumentBuilder } from '../document-builder.js';
import { checkSize, checkTextSize, refuseBinary } from '../guards.js';
import { parseJsonValue } from '../json/parse-json-value.js';
import { emitNode, parseRange } from '../markdown/emit-markdown.js';
import type { TopBlock } from '../markdown/top-blocks.js';
import { MEDIA_TYPES, type ParseInput } from '../parse-input.js';
import { trimSpan } from '../text-lines.js';
import { toWellFormed } from '../to-well-formed.js';
import { type Notebook, readNotebook } from './read-notebook.js';

/** Between two cells (or a cell and its output) in the canonical text. */
export const CELL_SEPARATOR = '\n\n';

const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;
const LEADING_BLANK_LINES = /^(?:[ \t]*(?:\r\n|\n|\r))*/;

interface Piece {
  kind: 'markdown' | 'code' | 'raw' | 'output';
  cell: number;
  text: string;
  start16: number;
}

/**
 * Jupyter notebooks (nbformat 4): the canonical text is the cells in order,
 * joined by a blank line (cells of only whitespace left out). Markdown cells
 * are parsed as Markdown, so their headings open sections that run on
 * across the cells below; a code cell is one `code` block in the kernel's
 * language; a raw cell one paragraph. With `notebook_outputs`, each text
 * output follows its cell as an `output` block. Every block carries its cell.
 *
 * An empty file, or a notebook with no cells, is an empty document.
 */
export async function parseNotebook(input: ParseInput): Promise<CairnDocument> {
  checkSize(input);
  checkTextSize(input);
  refuseBinary(input.bytes, input.source_url);
  const decoded = decodeText(input.bytes, input.source_url);
  const notebook: Notebook = JSON_WHITESPACE_ONLY.test(decoded.text)
    ? { language: null, cells: [] }
    : readNotebook(parseJsonValue(decoded, input.source_url), input.source_url);
  return buildNotebookDocument(notebook, input);
}

function buildNotebookDocument(
  notebook: Notebook,
  input: Omit<ParseInput, 'bytes'>,
): CairnDocument {
  const pieces = layOut(notebook, input.options?.notebook_outputs === true);
  const canonical = pieces.map((piece) => piece.text).join(CELL_SEPARATOR);
  const builder = new DocumentBuilder({
    canonical,
    format: 'ipynb',
    media_type: MEDIA_TYPES.ipynb,
    source_url: input.source_url,
    ...(input.doc_uid === undefined ? {} : { doc_uid: input.doc_uid }),
  });
  for (const piece of pieces) {
    const end16 = piece.start16 + piece.text.length;
    if (piece.kind === 'markdown') {
      const { nodes, shift16 } = parseCell(canonical, piece, end16, input.source_url);
      for (const node of nodes) {
        if (isDisplayMath(node)) {
          builder.block({
            type: 'formula',
            start16: shift16 + node.start,
            end16: shift16 + node.end,
            cell: piece.cell,
          });
        } else emitNode(builder, node, shift16, { cell: piece.cell });
      }
      continue;
    }
    const span =
      piece.kind === 'raw'
        ? trimSpan(canonical, piece.start16, end16)
        : trimVerbatim(canonical, piece.start16, end16);
    if (span.end16 <= span.start16) continue;
    builder.block({
      type: piece.kind === 'raw' ? 'paragraph' : piece.kind,
      ...span,
      cell: piece.cell,
      ...(piece.kind === 'code' && notebook.language !== null ? { lang: notebook.language } : {}),
    });
  }
  return builder.build();
}

/**
 * Parses one Markdown cell. A cell too deeply nested is refused naming the
 * notebook and the cell, with the line inside the cell: the Markdown check
 * alone knows only the cell's text, and would say "line 1 of <input>".
 */
function parseCell(
  canonical: string,
  piece: Piece,
  end16: number,
  source: string,
): ReturnType<typeof parseRange> {
  try {
    return parseRange(canonical, { start16: piece.start16, end16 }, source);
  } catch (error) {
    if (!isCairnError(error, 'markdown_too_deep')) throw error;
    const { line, max_depth } = error.details;
    throw new CairnError(
      'markdown_too_deep',
      `Markdown nested deeper than ${max_depth} containers at line ${line} of cell ${piece.cell} of ${source}`,
      { cause: error, details: { ...error.details, cell: piece.cell } },
    );
  }
}

/** The cells (and outputs) that have text, with where each starts in the canonical text. */
function layOut(notebook: Notebook, withOutputs: boolean): Piece[] {
  const pieces: Piece[] = [];
  let start16 = 0;
  const add = (kind: Piece['kind'], cell: number, cellText: string): void => {
    // a `\ud800` escape in the notebook's JSON is no character (see toWellFormed)
    const text = toWellFormed(cellText);
    if (text.trim() === '') return;
    pieces.push({ kind, cell, text, start16 });
    start16 += text.length + CELL_SEPARATOR.length;
  };
  for (const cell of notebook.cells) {
    add(cell.kind, cell.index, cell.source);
    if (withOutputs) for (const output of cell.outputs) add('output', cell.index, output);
  }
  return pieces;
}

/**
 * A paragraph that is nothing but one math span: Jupyter's MathJax shows
 * `$\begin{align}...\end{align}$` or `$$x$$` on a line of its own as display
 * math, while CommonMark math reads a `$` span as inline text.
 */
function isDisplayMath(node: TopBlock): boolean {
  return node.type === 'paragraph' && node.soleInlineMath === true;
}

/** Code and output keep their indentation: only blank lines before and whitespace after are trimmed. */
function trimVerbatim(
  text: string,
  start16: number,
  end16: number,
): { start16: number; end16: number } {
  const lead = LEADING_BLANK_LINES.exec(text.slice(start16, end16))![0].length;
  let end = end16;
  while (end > start16 + lead && /\s/.test(text[end - 1]!)) end--;
  return { start16: start16 + lead, end16: end };
}
