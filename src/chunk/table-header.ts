import type { OffsetIndex } from '../load/offset-index.js';
import type { Block } from '../types.js';

/** The header row of a table block: its first line, and the code point where that line ends. */
export interface TableHeader {
  text: string;
  end: number;
}

/**
 * A table block's header row: its first line in the canonical text (a
 * Markdown table's `| a | b |`, an HTML table's first row, its cells joined
 * by ` | `). A chunk that starts past it, a later part of a split table,
 * carries it in `context` so the part still reads as the table's; never in
 * `text`, which stays a slice of the canonical text.
 */
export function tableHeaderOf(index: OffsetIndex, block: Block): TableHeader | null {
  if (block.type !== 'table') return null;
  const start16 = index.index16(block.span.start);
  const end16 = index.index16(block.span.end);
  const newline = index.text.indexOf('\n', start16);
  if (newline < 0 || newline >= end16) return null;
  const text = index.text.slice(start16, newline).replace(/\r$/u, '').trim();
  if (text === '') return null;
  return { text, end: index.codePointAt16(newline) };
}
