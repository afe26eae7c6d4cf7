import { CairnError } from '../../errors.js';

type CellKind = 'markdown' | 'code' | 'raw';

interface NotebookCell {
  /** 0-based position in the notebook's `cells`. */
  index: number;
  kind: CellKind;
  source: string;
  /** Text outputs (stream text, `text/plain` results) in order; binary outputs never appear. */
  outputs: string[];
}

export interface Notebook {
  /** Kernel language (`language_info.name`, else `kernelspec.language`). */
  language: string | null;
  cells: NotebookCell[];
}

/**
 * Checks the shape of an nbformat 4 notebook as far as cairn reads it and
 * takes out what it needs. Anything that would lose text if guessed at
 * (`source` that is not text, no `cells`) is refused with the cell it is in.
 */
export function readNotebook(value: unknown, source: string): Notebook {
  if (!isRecord(value)) refuse(source, `top level is ${kindOf(value)}, not an object`);
  const { nbformat } = value;
  if (typeof nbformat !== 'number') refuse(source, 'no numeric "nbformat" field');
  if (nbformat !== 4) {
    refuse(
      source,
      nbformat < 4
        ? `nbformat ${nbformat} is not supported (only 4); convert it with "jupyter nbconvert --to notebook --nbformat 4"`
        : `nbformat ${nbformat} is not supported (only 4)`,
    );
  }
  if (!Array.isArray(value.cells))
    refuse(source, `"cells" is ${kindOf(value.cells)}, not an array`);
  return {
    language: languageOf(value.metadata),
    cells: value.cells.map((cell, index) => readCell(cell, index, source)),
  };
}

function readCell(cell: unknown, index: number, source: string): NotebookCell {
  if (!isRecord(cell)) refuse(source, `cell ${index} is ${kindOf(cell)}, not an object`, index);
  const type = cell.cell_type;
  if (typeof type !== 'string') refuse(source, `cell ${index} has no "cell_type"`, index);
  return {
    index,
    // nbformat 4 knows only these three; text of a type from elsewhere is kept as raw, not dropped
    kind: type === 'markdown' || type === 'code' ? type : 'raw',
    source: multilineText(cell.source, source, `cell ${index} "source"`, index),
    outputs:
      type === 'code' && Array.isArray(cell.outputs)
        ? cell.outputs.flatMap((output, k) =>
            outputText(output, source, `cell ${index} output ${k}`, index),
          )
        : [],
  };
}

/** Stream text and `text/plain` results; images, HTML, widgets and errors are not text to cite. */
function outputText(output: unknown, source: string, where: string, cell: number): string[] {
  if (!isRecord(output)) return [];
  if (output.output_type === 'stream')
    return [multilineText(output.text, source, `${where} "text"`, cell)];
  if (output.output_type === 'execute_result' || output.output_type === 'display_data') {
    const plain = isRecord(output.data) ? output.data['text/plain'] : undefined;
    return plain === undefined ? [] : [multilineText(plain, source, `${where} "text/plain"`, cell)];
  }
  return [];
}

/** nbformat's multiline string: a string, or an array of strings that each keep their newline. */
function multilineText(value: unknown, source: string, where: string, cell: number): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((line) => typeof line === 'string'))
    return value.join('');
  return refuse(source, `${where} is ${kindOf(value)}, not a string or an array of strings`, cell);
}

function languageOf(metadata: unknown): string | null {
  if (!isRecord(metadata)) return null;
  const info = isRecord(metadata.language_info) ? metadata.language_info.name : undefined;
  if (typeof info === 'string' && info !== '') return info;
  const spec = isRecord(metadata.kernelspec) ? metadata.kernelspec.language : undefined;
  return typeof spec === 'string' && spec !== '' ? spec : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'missing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function refuse(source: string, why: string, cell?: number): never {
  throw new CairnError(
    'malformed_notebook',
    `Not a Jupyter notebook (nbformat 4): ${source}: ${why}`,
    {
      details: { source, ...(cell === undefined ? {} : { cell }) },
    },
  );
}
