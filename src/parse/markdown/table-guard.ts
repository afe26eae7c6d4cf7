import type { gfm } from 'micromark-extension-gfm';

/** micromark's syntax types, named without depending on its types package directly. */
type Extension = ReturnType<typeof gfm>;
type Construct = Exclude<NonNullable<NonNullable<Extension['flow']>[string]>, unknown[]>;
type Tokenizer = Construct['tokenize'];
type TokenizeContext = ThisParameterType<Tokenizer>;

/** The rest of a line, from wherever the scan starts (micromark ends lines at CR, LF and CRLF). */
const LINE_REST = /[^\r\n]*/y;

/**
 * `extension` (GFM's block syntax) with its table construct behind a guard
 * bound to `markdown`, the text about to be parsed. GFM tries a table at the
 * start of every paragraph line: it tokenizes the whole line as a head row,
 * cell by cell, and only on the next line learns from the delimiter row
 * whether there is a table. On a 20 MB paragraph line that holds about 150
 * bytes of tokens per character (3 GB) before failing. The guard fails the
 * attempt at once where the table would fail later anyway: a head row whose
 * next line cannot be a delimiter row. It also refuses rows longer than
 * `MAX_TABLE_ROW_UNITS`.
 */
export function guardTables(extension: Extension, markdown: string): Extension {
  if (extension.flow === undefined) return extension;
  // micromark counts offsets from after a leading U+FEFF
  const bom = markdown.charCodeAt(0) === 0xfeff ? 1 : 0;
  const flow = Object.fromEntries(
    Object.entries(extension.flow).map(([code, constructs]) => [
      code,
      constructs === undefined
        ? undefined
        : [constructs]
            .flat()
            .map((construct) =>
              construct.name === 'table' ? guardTable(construct, markdown, bom) : construct,
            ),
    ]),
  );
  return { ...extension, flow };
}

function guardTable(table: Construct, markdown: string, bom: number): Construct {
  const tokenize: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
    const start = table.tokenize.call(this, effects, ok, nok);
    return (code) => {
      const at = this.now().offset + bom;
      const row = followsTableRow(this)
        ? lineEnd(markdown, at) - at <= MAX_TABLE_ROW_UNITS
        : nextLineMayBeDelimiterRow(markdown, at) && headFits(markdown, at);
      return row ? start(code) : nok(code);
    };
  };
  return { ...table, tokenize };
}

/**
 * The longest line, in UTF-16 units, that GFM may read as a table row; a
 * longer one is read as paragraph text. micromark makes tokens for every
 * cell and holds them until the table ends: a real table with one 20 MB
 * row takes 4.9 GB and runs a worker out of heap. No rendered table has a row
 * of a million characters, and as text the same line costs a few bytes a
 * character.
 */
export const MAX_TABLE_ROW_UNITS = 1 << 20;

/** Whether a head row at `at` and the delimiter row after it both fit `MAX_TABLE_ROW_UNITS`. */
function headFits(markdown: string, at: number): boolean {
  const headEnd = lineEnd(markdown, at);
  if (headEnd - at > MAX_TABLE_ROW_UNITS) return false;
  const next = afterLineEnding(markdown, headEnd);
  return lineEnd(markdown, next) - next <= MAX_TABLE_ROW_UNITS;
}

/** Where the line after a line ending at `end` starts (micromark ends lines at CR, LF and CRLF). */
function afterLineEnding(markdown: string, end: number): number {
  return end + (markdown.charCodeAt(end) === 13 && markdown.charCodeAt(end + 1) === 10 ? 2 : 1);
}

/** Where the line holding `at` ends: its line ending, or the end of the text. */
function lineEnd(markdown: string, at: number): number {
  LINE_REST.lastIndex = at;
  LINE_REST.test(markdown);
  return LINE_REST.lastIndex;
}

/**
 * Whether GFM would read this line as a body row: the last event, past line
 * endings and prefixes, belongs to a table head or row (as GFM's own `start`).
 */
function followsTableRow(context: TokenizeContext): boolean {
  const events = context.events;
  let index = events.length - 1;
  while (index > -1 && /^(?:lineEnding|linePrefix)$/.test(events[index]![1].type)) index--;
  return index > -1 && TABLE_ROWS.has(events[index]![1].type);
}

/** Token types of GFM's table extension, which micromark's own types do not list. */
const TABLE_ROWS = new Set<string>(['tableHead', 'tableRow']);

/**
 * Whether the line after the one holding `at16` could be a GFM delimiter
 * row. One is made of `|`, `:`, `-`, spaces and tabs, with a `|` or `:`
 * (else it is a setext underline or thematic break); container prefixes on
 * it (`>`, indentation) are allowed, and list markers too, to stay on the
 * safe side: a false yes only lets GFM try. A head row on the last line
 * never makes a table.
 */
export function nextLineMayBeDelimiterRow(markdown: string, at16: number): boolean {
  const end = lineEnd(markdown, at16);
  if (end >= markdown.length) return false;
  let i = afterLineEnding(markdown, end);
  let pipeOrColon = false;
  for (; i < markdown.length; i++) {
    const unit = markdown.charCodeAt(i);
    if (unit === 10 || unit === 13) break;
    if (unit === 124 || unit === 58) pipeOrColon = true;
    else if (!DELIMITER_ROW_OR_PREFIX.has(unit)) return false;
  }
  return pipeOrColon;
}

/** Characters beside `|` and `:` that a delimiter row line may hold: `-`, whitespace, container prefixes. */
const DELIMITER_ROW_OR_PREFIX = new Set([...' \t->*+.)0123456789'].map((c) => c.charCodeAt(0)));
